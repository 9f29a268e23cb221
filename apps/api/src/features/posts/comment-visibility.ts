import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { comments } from '../../db/schema.js';
import {
  notMutedBy,
  visibleMemberExists,
  visibleMembersWhere,
  type MembersTable,
  type ViewerId,
} from '../users/index.js';

/**
 * Which comments under a post a viewer sees — part of the posts policy, because a post card
 * counts them and the comments feature lists them (comments build on posts, never the reverse):
 *   - only under a post the viewer may see (checked first, by `visiblePostsWhere`);
 *   - a comment whose author the viewer may not see (users' `visibleMembersWhere`: a disabled
 *     account) is hidden, and the replies beneath it with it (a thread is not shown without what
 *     it answers); all of it returns if the account does;
 *   - a comment whose author deleted their account stays, without author ("Deleted User");
 *   - a comment by a member the viewer muted is hidden like one by a hidden author (with the
 *     replies beneath it), wherever the post is shown: a mute takes a member's comments out of
 *     the viewer's feeds, and the comments under a post are read the same way everywhere.
 */

/**
 * SQL condition on a comment's author column (pass the qualified column, e.g. sql`c.author_id`):
 * `viewerId` may see the author, or the author's account is gone. With `author`, an alias of
 * `users` already left-joined on that column, the author's row is read from the join rather than
 * looked up again (a thread of 200 comments read with its authors: 200 lookups fewer).
 */
export function commentAuthorVisible(
  viewerId: ViewerId,
  authorIdColumn: SQL,
  author?: MembersTable,
): SQL {
  const visible = author
    ? sql`coalesce(${visibleMembersWhere(viewerId, author)}, false)`
    : visibleMemberExists(viewerId, authorIdColumn);
  return sql`(${authorIdColumn} is null or (${visible} and ${notMutedBy(viewerId, authorIdColumn)}))`;
}

/**
 * `visible_comments`: the comments of the given posts that the comment policy shows — top-level
 * comments by visible authors, then, level by level, replies by visible authors to those. A reply
 * under a hidden comment is never reached, so it is hidden too. Every comment read starts here,
 * except the whole thread under a post (comments' `loadCommentThread`: every comment of the post
 * with `commentAuthorVisible`, then those whose chain up to a top-level comment is shown — the
 * same rule, from one index scan instead of a walk level by level), and a page's counts (posts repo's `loadPostCounts`), which take from a post's counter the
 * comments beneath those whose author `commentAuthorVisible` hides: the same rule, read from the
 * few hidden comments rather than from every thread.
 * `postIds` is a list of ids (or placeholders for them), or one placeholder for an array of ids
 * (a prepared statement for pages of any size).
 */
export function visibleCommentsCte(
  viewerId: ViewerId,
  postIds: readonly (string | Placeholder)[] | Placeholder,
): SQL {
  const postWhere = Array.isArray(postIds)
    ? sql`c.post_id in (${sql.join(
        postIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`c.post_id = any(${postIds}::uuid[])`;
  return sql`with recursive visible_comments as (
    select c.id, c.post_id, c.parent_id, c.author_id, c.content, c.deleted_at, c.created_at, c.edited_at
    from ${comments} c
    where ${postWhere} and c.parent_id is null and ${commentAuthorVisible(viewerId, sql`c.author_id`)}
    union all
    select c.id, c.post_id, c.parent_id, c.author_id, c.content, c.deleted_at, c.created_at, c.edited_at
    from ${comments} c
    join visible_comments parent on c.parent_id = parent.id
    where ${commentAuthorVisible(viewerId, sql`c.author_id`)}
  )`;
}

/** Both drivers answer raw statements with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
