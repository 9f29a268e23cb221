import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { photos } from '../../db/schema.js';
import { lockMember, visibleMemberExists } from '../users/index.js';

/** What reporting and moderation need of photos (the profiles feature owns the `photos` table). */

export type PhotoRow = typeof photos.$inferSelect;

/** The photo a file name (full or thumbnail) names, if `viewerId` may see its owner. */
export async function findReportablePhoto(
  db: Executor,
  viewerId: string,
  fileName: string,
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(photos)
    .where(
      and(
        or(eq(photos.storageKey, fileName), eq(photos.thumbnailKey, fileName)),
        visibleMemberExists(viewerId, photos.userId),
      ),
    );
  return row;
}

/**
 * A moderator's "remove" of a photo, in the caller's transaction: the row goes and the owner's
 * later photos move up, as when the owner deletes it (DELETE /profile/photo). Returns the media
 * keys, for removing the files once the transaction is committed (empty when already gone).
 */
export async function removePhoto(tx: Executor, photoId: string): Promise<string[]> {
  const [owner] = await tx
    .select({ userId: photos.userId })
    .from(photos)
    .where(eq(photos.id, photoId));
  if (!owner) return [];
  // The owner's lock, like every change to their photos: an upload cannot interleave.
  await lockMember(tx, owner.userId);
  const [removed] = await tx.delete(photos).where(eq(photos.id, photoId)).returning();
  if (!removed) return [];
  await tx
    .update(photos)
    .set({ position: sql`${photos.position} - 1` })
    .where(and(eq(photos.userId, removed.userId), gt(photos.position, removed.position)));
  return [removed.storageKey, removed.thumbnailKey];
}
