import { COMMENT_MESSAGES } from '@kindred/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { forbidden } from '../../http/errors.js';
import { visibleMemberExists } from '../users/visibility.js';

/**
 * Who may see and change comments — decided here and nowhere else.
 *
 * See: comments are seen by whoever may see their post (the post policy decides that first), except
 *   - a comment whose author the viewer may not see (users' `visibleMembersWhere`: a disabled
 *     account) is hidden, and the replies beneath it with it
 *     (a thread is not shown without what it answers); all of it returns if the account does;
 *   - a comment whose author deleted their account stays, without author ("Deleted User");
 *   - a comment its author deleted while it had replies stays as an empty placeholder
 *     (`deleted: true`) so the replies keep their place; without replies it is removed.
 * Change: only a comment's author deletes it (not the post's author).
 */

/**
 * SQL condition on a comment's author column (pass the qualified column, e.g. sql`c.author_id`):
 * `viewerId` may see the author, or the author's account is gone.
 */
export function commentAuthorVisible(viewerId: string, authorIdColumn: SQL): SQL {
  return sql`(${authorIdColumn} is null or ${visibleMemberExists(viewerId, authorIdColumn)})`;
}

export function canDeleteComment(
  actorId: string,
  comment: { authorId: string | null; deleted: boolean },
): boolean {
  return !comment.deleted && comment.authorId === actorId;
}

export function assertCanDeleteComment(
  actorId: string,
  comment: { authorId: string | null; deleted: boolean },
): void {
  if (!canDeleteComment(actorId, comment)) throw forbidden(COMMENT_MESSAGES.deleteNotOwn);
}
