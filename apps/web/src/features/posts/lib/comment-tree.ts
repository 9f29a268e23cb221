import type { CommentDto } from '@kindred/contracts';

/** SPEC §2/§9: each level of replies is indented 20 px further than its parent. */
export const REPLY_INDENT_PX = 20;

/** How far a comment at `depth` (0 = top level) sits from the left edge of the thread. */
export function replyIndentPx(depth: number): number {
  return Math.max(0, depth) * REPLY_INDENT_PX;
}

/**
 * Comments the post's counter counts: every comment and reply in the tree except deleted
 * placeholders (the API counts the same way, so the card's number matches after a reload).
 */
export function countVisibleComments(comments: readonly CommentDto[]): number {
  let total = 0;
  for (const comment of comments) {
    if (!comment.deleted) total += 1;
    total += countVisibleComments(comment.replies);
  }
  return total;
}
