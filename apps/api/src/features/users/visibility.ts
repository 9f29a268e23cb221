import { and, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { blocks, mutes, users } from '../../db/schema.js';

/**
 * "May this viewer see this member?" — answered here and nowhere else, as SQL, so a member the
 * viewer may not see never leaves the database (the model is posts' `visiblePostsWhere`).
 *
 * A member is hidden from a viewer (never from themself) when
 *   - their account is disabled or suspended (a deleted one is simply gone), or their email is
 *     not verified yet, or
 *   - either of the two blocked the other (table `blocks`): then neither sees the other anywhere —
 *     profiles, posts, comments and replies, mentions, search, follower lists, likes — and neither
 *     can reach the other's things to follow, comment, reply, like or mention, since every write
 *     first looks its target up through this rule. The blocked member is not told: to them the
 *     blocker looks exactly like a member who does not exist.
 * Every query that returns or joins members goes through `visibleMembersWhere`, or through one of
 * the two helpers built on it. A mute is not part of it: it only takes a member's posts and
 * comments out of the muter's feeds (`notMutedBy`).
 */

/**
 * The viewer's id, or a placeholder for it in a prepared statement (`sql.placeholder('viewerId')`),
 * so a query read on every request is built once and the rule still lives only here.
 */
export type ViewerId = string | Placeholder;

/** The `users` table, or an alias of it (`alias(users, 'follower')`). */
export interface MembersTable {
  id: AnyColumn;
  status: AnyColumn;
  emailVerifiedAt: AnyColumn;
}

/** SQL condition on a `users` row in scope (or `member`, an alias): `viewerId` may see it. */
export function visibleMembersWhere(viewerId: ViewerId, member: MembersTable = users): SQL {
  return sql`(${member.id} = ${viewerId}::uuid or (${shownToOthers(member)} and ${notBlockedEitherWay(viewerId, member.id)}))`;
}

/**
 * `visibleMembersWhere` for members other than the viewer, as clauses joined by AND only: outside
 * an OR, "account in use" is a clause the planner can match to a partial index over members in
 * use (the search indexes hold only members who may be found), which it cannot do inside
 * `visibleMembersWhere`'s "or it is the viewer".
 */
export function otherVisibleMembersWhere(viewerId: ViewerId, member: MembersTable = users): SQL {
  return sql`${member.id} <> ${viewerId}::uuid and ${shownToOthers(member)} and ${notBlockedEitherWay(viewerId, member.id)}`;
}

/**
 * SQL condition on a `users` row: the member exists for `viewerId` apart from any block between
 * them. Only for blocking and unblocking themselves: a member must be able to block (or unblock)
 * someone hidden from them only by a block, and to block someone who blocked them without
 * learning that they were blocked.
 */
export function visibleApartFromBlocksWhere(viewerId: ViewerId, member: MembersTable = users): SQL {
  return sql`(${member.id} = ${viewerId}::uuid or ${shownToOthers(member)})`;
}

/**
 * An account in use: not disabled, not suspended, and its email verified (an unverified sign-up
 * may be a stranger's with someone else's address: nobody can find, follow or mention it).
 */
function shownToOthers(member: MembersTable): SQL {
  return sql`${member.status} = 'active' and ${member.emailVerifiedAt} is not null`;
}

/**
 * Neither blocked the other: the member is in neither of the viewer's two block lists. Each list
 * is read once per statement (an index lookup) and kept as a hashed subplan that every member row
 * probes. The rule sits inside an OR (the viewer always sees themself), where PostgreSQL cannot
 * turn NOT EXISTS into an anti-join, so NOT EXISTS ran a search of `blocks` for every member row:
 * on the embedded engine each search of a small table asks the file system for its size, and the
 * likes and comments of one feed page cost 4,600 such calls and three quarters of the request's
 * database time (issue 18, docs/architecture.md "Embedded database"). Both columns are non-null
 * (primary key), so NOT IN means exactly "not blocked".
 */
function notBlockedEitherWay(viewerId: ViewerId, memberId: AnyColumn): SQL {
  return sql`${memberId} not in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}::uuid) and ${memberId} not in (select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}::uuid)`;
}

/**
 * SQL condition: `viewerId` has not muted the member whose id is in `memberIdColumn` (never null:
 * a comment whose author is gone is checked before this). For the feeds (General, People You
 * Follow) and the comments under posts only: a muted member's profile, posts on their profile and
 * place in search stay as they were. The viewer's mutes are read once per statement and hashed,
 * as in `notBlockedEitherWay` and for the same reason: a comment's author is checked inside an
 * OR, where NOT EXISTS searched `mutes` once per comment (issue 18).
 */
export function notMutedBy(viewerId: ViewerId, memberIdColumn: AnyColumn | SQL): SQL {
  return sql`${memberIdColumn} not in (select ${mutes.mutedId} from ${mutes} where ${mutes.muterId} = ${viewerId}::uuid)`;
}

/** The join condition for `.innerJoin(users, visibleMemberJoin(viewerId, likes.userId))`. */
export function visibleMemberJoin(viewerId: ViewerId, memberIdColumn: AnyColumn | SQL): SQL {
  return and(eq(users.id, memberIdColumn), visibleMembersWhere(viewerId))!;
}

const visibleMember = alias(users, 'visible_member');

/**
 * SQL condition: the member whose id is in `memberIdColumn` exists and `viewerId` may see them
 * (for a post's author, a comment's author, a photo's owner — no join in the outer query).
 */
export function visibleMemberExists(viewerId: ViewerId, memberIdColumn: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${users} ${visibleMember} where ${visibleMember.id} = ${memberIdColumn} and ${visibleMembersWhere(viewerId, visibleMember)})`;
}
