import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.js';

/**
 * "May this viewer see this member?" — answered here and nowhere else, as SQL, so a member the
 * viewer may not see never leaves the database (the model is posts' `visiblePostsWhere`).
 *
 * Today: a disabled member is hidden from everyone but themself (a deleted one is simply gone).
 * A later rule (blocking, muting) is one more clause in `visibleMembersWhere`; every query that
 * returns or joins members goes through it, or through one of the two helpers built on it.
 */

/** The `users` table, or an alias of it (`alias(users, 'follower')`). */
export interface MembersTable {
  id: AnyColumn;
  status: AnyColumn;
}

/** SQL condition on a `users` row in scope (or `member`, an alias): `viewerId` may see it. */
export function visibleMembersWhere(viewerId: string, member: MembersTable = users): SQL {
  return sql`(${member.status} = 'active' or ${member.id} = ${viewerId}::uuid)`;
}

/** The join condition for `.innerJoin(users, visibleMemberJoin(viewerId, likes.userId))`. */
export function visibleMemberJoin(viewerId: string, memberIdColumn: AnyColumn | SQL): SQL {
  return and(eq(users.id, memberIdColumn), visibleMembersWhere(viewerId))!;
}

const visibleMember = alias(users, 'visible_member');

/**
 * SQL condition: the member whose id is in `memberIdColumn` exists and `viewerId` may see them
 * (for a post's author, a comment's author, a photo's owner — no join in the outer query).
 */
export function visibleMemberExists(viewerId: string, memberIdColumn: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${users} ${visibleMember} where ${visibleMember.id} = ${memberIdColumn} and ${visibleMembersWhere(viewerId, visibleMember)})`;
}
