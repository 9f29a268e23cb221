import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { posts } from '../../db/schema.js';

/**
 * A moderator's "remove" of a post, in the caller's transaction: the post goes with its comments,
 * likes and mentions (cascades), whoever wrote it. Returns its media key, for removing the file
 * once the transaction is committed, and whether a row went (false when the author deleted it first).
 */
export async function removePost(
  tx: Executor,
  postId: string,
): Promise<{ removed: boolean; mediaKey: string | null }> {
  const [row] = await tx
    .delete(posts)
    .where(eq(posts.id, postId))
    .returning({ mediaKey: posts.mediaKey });
  return { removed: row !== undefined, mediaKey: row?.mediaKey ?? null };
}
