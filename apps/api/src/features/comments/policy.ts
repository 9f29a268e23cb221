import { COMMENT_MESSAGES } from '@kindred/contracts';
import { forbidden } from '../../http/errors.js';

/**
 * Who may change comments — decided here. Which comments a viewer sees is decided with the post's
 * visibility, in posts/comment-visibility.ts (hidden authors hide their threads; a deleted
 * account's comments stay as "Deleted User"). In addition:
 *   - a comment its author deleted while it had replies stays as an empty placeholder
 *     (`deleted: true`) so the replies keep their place; without replies it is removed.
 * Change: only a comment's author deletes it (not the post's author), and only its author edits
 * its content (a deleted placeholder is not edited).
 */

export function canDeleteComment(
  actorId: string,
  comment: { authorId: string | null; deleted: boolean },
): boolean {
  return !comment.deleted && comment.authorId === actorId;
}

export function canEditComment(
  actorId: string,
  comment: { authorId: string | null; deleted: boolean },
): boolean {
  return !comment.deleted && comment.authorId === actorId;
}

export function assertCanEditComment(
  actorId: string,
  comment: { authorId: string | null; deleted: boolean },
): void {
  if (!canEditComment(actorId, comment)) throw forbidden(COMMENT_MESSAGES.editNotOwn);
}

export function assertCanDeleteComment(
  actorId: string,
  comment: { authorId: string | null; deleted: boolean },
): void {
  if (!canDeleteComment(actorId, comment)) throw forbidden(COMMENT_MESSAGES.deleteNotOwn);
}
