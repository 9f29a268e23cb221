import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { comments } from '../../db/schema.js';
import { findVisiblePost } from '../posts/index.js';
import { findVisibleComment, type CommentRow } from './repo.js';

/**
 * A live comment by id, if `viewerId` may see it and its post (for reporting it: what a member
 * may report is exactly what they can see). Deleted placeholders are not reportable.
 */
export async function findReportableComment(
  db: Executor,
  viewerId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select({ postId: comments.postId })
    .from(comments)
    .where(eq(comments.id, commentId));
  if (!row || !(await findVisiblePost(db, viewerId, row.postId))) return undefined;
  const comment = await findVisibleComment(db, viewerId, row.postId, commentId);
  return comment && !comment.deleted ? comment : undefined;
}
