import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { photos, posts } from '../../db/schema.js';

/**
 * Every byte of media a member stores: photos (full and thumbnail) and post media, counted against
 * the plan's media storage. A new kind of stored file (a video poster, say) must be added here, as
 * it is to users' mediaKeysOf (which deletes them with the account).
 */
export async function storedMediaBytesOf(db: Executor, userId: string): Promise<number> {
  // sum() of integers is a bigint, which the drivers hand back as text.
  const [photoRow] = await db
    .select({ total: sql<string>`coalesce(sum(${photos.bytes} + ${photos.thumbnailBytes}), 0)` })
    .from(photos)
    .where(eq(photos.userId, userId));
  const [postRow] = await db
    .select({ total: sql<string>`coalesce(sum(${posts.mediaBytes}), 0)` })
    .from(posts)
    .where(eq(posts.authorId, userId));
  return Number(photoRow?.total ?? 0) + Number(postRow?.total ?? 0);
}
