import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { Executor } from './repo.js';

/**
 * The photo-verified mark's columns on the member's row, written here for features/photo-verification
 * (users stays the only writer of `users`). `sealedFace` is the verified face's descriptor, sealed.
 */
export async function markPhotoVerified(
  db: Executor,
  memberId: string,
  at: Date,
  sealedFace: string,
): Promise<void> {
  await db
    .update(users)
    .set({ photoVerifiedAt: at, photoVerifiedFace: sealedFace })
    .where(eq(users.id, memberId));
}

export async function clearPhotoVerified(db: Executor, memberId: string): Promise<void> {
  await db
    .update(users)
    .set({ photoVerifiedAt: null, photoVerifiedFace: null })
    .where(eq(users.id, memberId));
}

export async function readPhotoVerified(
  db: Executor,
  memberId: string,
): Promise<{ verifiedAt: Date | null; sealedFace: string | null } | undefined> {
  const [row] = await db
    .select({ verifiedAt: users.photoVerifiedAt, sealedFace: users.photoVerifiedFace })
    .from(users)
    .where(eq(users.id, memberId));
  return row;
}
