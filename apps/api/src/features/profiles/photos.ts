import { readFile } from 'node:fs/promises';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import {
  IMAGE_SAFETY_MESSAGES,
  MAX_PHOTOS,
  PHOTO_MESSAGES,
  PLAN_STATE_NAMES,
  PROFILE_LIMITS,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { photos, users } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import {
  deleteMediaFiles,
  isImageMime,
  processImage,
  sniffMediaFile,
  MEDIA_KEY_PATTERN,
  mediaKeyFromUrl,
  mediaUrl,
  newMediaKey,
  putImageWithCopies,
} from '../media/index.js';
import {
  assertEntitled,
  assertMediaStorageRoom,
  memberPlan,
  planLimit,
} from '../entitlements/index.js';
import { NSFW_THRESHOLD } from '../image-safety/index.js';
import { lockMember, photosOf, type PlanFields } from '../users/index.js';
import { canChangeProfile } from './policy.js';
import { presentPhotoList } from './presenter.js';

type PhotoContext = Pick<AppContext, 'db' | 'storage' | 'logger' | 'clock'>;
type UploadContext = PhotoContext & Pick<AppContext, 'imageClassifier'>;

/**
 * How long an upload waits for the NSFW model's score. The model answers in well under a second
 * once loaded; the wait covers its first load in a fresh process (seconds, more on a busy
 * machine) and a queue of post images ahead. Past it the upload is refused (503) rather than
 * accepted unchecked.
 */
export const PHOTO_CLASSIFY_TIMEOUT_MS = 60_000;

/** The uploaded file on disk (a temporary file, read only once it is known to be an image). */
export interface UploadedFile {
  path: string;
  size: number;
  /** The file name the browser sent (only ever echoed back in messages). */
  originalname: string;
}

/** A client file name made safe to echo in a message: no path, no control characters, bounded. */
export function displayFileName(originalName: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  if (base === '') return 'photo';
  return base.length > 100 ? `${base.slice(0, 97)}...` : base;
}

/**
 * Refuses another photo (403 PLAN_LIMIT) when the member already has their plan's allowance, or
 * the hard cap whatever the plan, in the spec's words.
 */
function assertRoomForPhoto(member: PlanFields, now: Date, currentCount: number): void {
  const wanted = currentCount + 1;
  if (wanted > MAX_PHOTOS) throw planLimit('photoAllowance', wanted, PHOTO_MESSAGES.maxPhotos);
  const plan = memberPlan(member, now);
  assertEntitled(
    plan,
    'photoAllowance',
    wanted,
    PHOTO_MESSAGES.planAllowance(
      PLAN_STATE_NAMES[plan.planState],
      plan.entitlements.photoAllowance,
    ),
  );
}

async function countPhotos(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(photos)
    .where(eq(photos.userId, userId));
  return row?.total ?? 0;
}

/**
 * A profile photo must not be explicit: it shows everywhere the member's name does, to everyone,
 * uncovered. The upload waits for the model's score (with a time limit) and is refused (422
 * IMAGE_SENSITIVE) at or above the threshold; when no score comes, 503 (try again).
 */
async function scoreProfilePhoto(context: UploadContext, bytes: Uint8Array): Promise<number> {
  let score: number;
  try {
    score = await context.imageClassifier.classify(bytes, {
      timeoutMs: PHOTO_CLASSIFY_TIMEOUT_MS,
    });
  } catch (error) {
    context.logger.warn({ err: error }, 'a profile photo could not be classified');
    throw new AppError(503, IMAGE_SAFETY_MESSAGES.checkUnavailable);
  }
  if (score >= NSFW_THRESHOLD) {
    throw new AppError(422, IMAGE_SAFETY_MESSAGES.profilePhotoRefused, 'IMAGE_SENSITIVE');
  }
  return score;
}

/**
 * POST /profile/upload-photo. The type is decided from the bytes; the image is decoded (header
 * first, so a decompression bomb is refused before any pixel is decoded), re-encoded as WebP
 * without metadata, scored by the NSFW model (an explicit photo is refused), and stored under
 * random keys. The count is checked again under the member's row lock, so parallel uploads cannot
 * exceed the cap; if the row cannot be written the files go.
 */
export async function uploadPhoto(
  context: UploadContext,
  viewerId: string,
  file: UploadedFile,
  altText: string | null = null,
): Promise<{ url: string; thumbnailUrl: string; altText: string | null }> {
  const name = displayFileName(file.originalname);
  if (file.size > PROFILE_LIMITS.maxPhotoBytes)
    throw new AppError(413, PHOTO_MESSAGES.tooLarge(name));
  if (!isImageMime(await sniffMediaFile(file.path)))
    throw badRequest(PHOTO_MESSAGES.notImage(name));

  // Cheap early refusal before the expensive decode; the authoritative check is below, locked.
  const [member] = await context.db
    .select({
      plan: users.plan,
      subscriptionStatus: users.subscriptionStatus,
      trialEndDate: users.trialEndDate,
    })
    .from(users)
    .where(eq(users.id, viewerId));
  if (!member) throw notFound('User not found', 'MEMBER_NOT_FOUND');
  assertRoomForPhoto(member, context.clock.now(), await countPhotos(context.db, viewerId));

  const processed = await processImage(await readFile(file.path), PHOTO_MESSAGES.notImage(name));
  const nsfwScore = await scoreProfilePhoto(context, processed.full.data);
  const classifiedAt = context.clock.now();
  const fullKey = newMediaKey(processed.full.extension);
  const thumbnailKey = newMediaKey(processed.thumbnail.extension);
  const stored: string[] = [];
  try {
    // With their smaller copies (for cards and avatars): counted with each file's bytes.
    stored.push(fullKey);
    const fullBytes = await putImageWithCopies(context.storage, fullKey, processed.full);
    stored.push(thumbnailKey);
    const thumbnailBytes = await putImageWithCopies(
      context.storage,
      thumbnailKey,
      processed.thumbnail,
    );
    await context.db.transaction(async (tx) => {
      const locked = await lockMember(tx, viewerId);
      if (!locked) throw notFound('User not found', 'MEMBER_NOT_FOUND');
      const count = await countPhotos(tx, viewerId);
      const now = context.clock.now();
      assertRoomForPhoto(locked, now, count);
      await assertMediaStorageRoom(tx, locked, now, fullBytes + thumbnailBytes);
      await tx.insert(photos).values({
        userId: viewerId,
        position: count,
        storageKey: fullKey,
        thumbnailKey,
        width: processed.full.width,
        height: processed.full.height,
        bytes: fullBytes,
        thumbnailBytes,
        nsfwScore,
        classifiedAt,
        altText,
      });
    });
  } catch (error) {
    await deleteMediaFiles(context.storage, context.logger, stored);
    throw error;
  }
  return { url: mediaUrl(fullKey), thumbnailUrl: mediaUrl(thumbnailKey), altText };
}

/**
 * PATCH /profile/photos/{filename}: the member describes one of their own photos (`filename` is
 * the last part of its full or thumbnail URL); null clears the description. Another member's
 * photo, or none, is "not found". Answers the member's photo list as it now is.
 *
 * Under the member's row lock like every other photo change: a photo write also counts the
 * member's card version (a trigger on `users`), so a write that locked the photo first and the
 * member's row second could deadlock with a reorder, which takes them in the other order.
 */
export async function setPhotoAltText(
  context: Pick<AppContext, 'db'>,
  viewerId: string,
  filename: string,
  altText: string | null,
) {
  if (!MEDIA_KEY_PATTERN.test(filename)) throw notFound(PHOTO_MESSAGES.notFound);
  const kept = await context.db.transaction(async (tx) => {
    if (!(await lockMember(tx, viewerId))) throw notFound('User not found', 'MEMBER_NOT_FOUND');
    const [updated] = await tx
      .update(photos)
      .set({ altText })
      .where(
        and(
          eq(photos.userId, viewerId),
          or(eq(photos.storageKey, filename), eq(photos.thumbnailKey, filename)),
        ),
      )
      .returning({ id: photos.id });
    if (!updated) throw notFound(PHOTO_MESSAGES.notFound);
    return photosOf(tx, viewerId);
  });
  return presentPhotoList(kept);
}

/** The media key named by a photo URL we issued ("/api/media/<key>", absolute or not). */
export function photoKeyFromUrl(url: string): string | undefined {
  let pathname = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      pathname = new URL(url).pathname;
    } catch {
      return undefined;
    }
  }
  return mediaKeyFromUrl(pathname);
}

/**
 * Makes the member's photos exactly the listed ones, in that order (first = profile picture).
 * Every URL must name one of the member's own photos (full or thumbnail URL); nothing is ever
 * added here. Photos left out are deleted: their keys are returned, for removing the files after
 * the commit. The caller holds the member's row lock.
 */
export async function applyPhotoOrder(
  tx: Executor,
  userId: string,
  urls: readonly string[],
): Promise<string[]> {
  const current = await photosOf(tx, userId);
  const byKey = new Map<string, (typeof current)[number]>();
  for (const photo of current) {
    byKey.set(photo.storageKey, photo);
    byKey.set(photo.thumbnailKey, photo);
  }
  const ordered: (typeof current)[number][] = [];
  for (const url of urls) {
    const key = photoKeyFromUrl(url);
    const photo = key === undefined ? undefined : byKey.get(key);
    if (!photo) throw badRequest(PHOTO_MESSAGES.notOwn);
    if (ordered.includes(photo)) throw badRequest(PHOTO_MESSAGES.duplicate);
    ordered.push(photo);
  }
  const removed = current.filter((photo) => !ordered.includes(photo));
  if (removed.length > 0) {
    await tx.delete(photos).where(
      inArray(
        photos.id,
        removed.map((photo) => photo.id),
      ),
    );
  }
  for (const [position, photo] of ordered.entries()) {
    if (photo.position !== position) {
      await tx.update(photos).set({ position }).where(eq(photos.id, photo.id));
    }
  }
  return removed.flatMap((photo) => [photo.storageKey, photo.thumbnailKey]);
}

/** POST /profile/update/{userId} {photos}: reorder and prune the member's own photos. */
export async function reorderPhotos(
  context: PhotoContext,
  viewerId: string,
  userId: string,
  urls: readonly string[],
) {
  if (!canChangeProfile(viewerId, userId)) throw forbidden(PHOTO_MESSAGES.changeNotOwn);
  const { removedKeys, kept } = await context.db.transaction(async (tx) => {
    if (!(await lockMember(tx, userId))) throw notFound('User not found', 'MEMBER_NOT_FOUND');
    const removedKeys = await applyPhotoOrder(tx, userId, urls);
    return { removedKeys, kept: await photosOf(tx, userId) };
  });
  await deleteMediaFiles(context.storage, context.logger, removedKeys);
  return presentPhotoList(kept);
}

/**
 * PUT /profile/photos/order {photos}: the member's own photos in a new order (first = profile
 * picture). The list must name each of them exactly once: a list that misses one (a page that did
 * not see the latest upload), repeats one or names anything else is refused (400) and nothing
 * moves; nothing is ever deleted here. The count never changes, so the plan's allowance holds.
 * Checked and written under the member's row lock, in one transaction.
 */
export async function setPhotoOrder(
  context: Pick<AppContext, 'db'>,
  viewerId: string,
  urls: readonly string[],
) {
  const kept = await context.db.transaction(async (tx) => {
    if (!(await lockMember(tx, viewerId))) throw notFound('User not found', 'MEMBER_NOT_FOUND');
    const current = await photosOf(tx, viewerId);
    if (urls.length !== current.length) throw badRequest(PHOTO_MESSAGES.orderIncomplete);
    // Same length, each URL one of the member's photos and none twice: a permutation, so
    // applyPhotoOrder only moves photos (it refuses the rest before writing anything).
    const removed = await applyPhotoOrder(tx, viewerId, urls);
    if (removed.length > 0) throw badRequest(PHOTO_MESSAGES.orderIncomplete);
    return photosOf(tx, viewerId);
  });
  return presentPhotoList(kept);
}

/**
 * DELETE /profile/photo/{userId}/{filename}: `filename` is the last part of the photo's URL (full
 * or thumbnail). The row goes, later photos move up (the next one becomes the profile picture),
 * and both files are removed after the commit.
 */
export async function deletePhoto(
  context: PhotoContext,
  viewerId: string,
  userId: string,
  filename: string,
): Promise<void> {
  if (!canChangeProfile(viewerId, userId)) throw forbidden(PHOTO_MESSAGES.changeNotOwn);
  if (!MEDIA_KEY_PATTERN.test(filename)) throw notFound(PHOTO_MESSAGES.notFound);
  const removed = await context.db.transaction(async (tx) => {
    if (!(await lockMember(tx, userId))) throw notFound('User not found', 'MEMBER_NOT_FOUND');
    const [photo] = await tx
      .delete(photos)
      .where(
        and(
          eq(photos.userId, userId),
          or(eq(photos.storageKey, filename), eq(photos.thumbnailKey, filename)),
        ),
      )
      .returning();
    if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
    await tx
      .update(photos)
      .set({ position: sql`${photos.position} - 1` })
      .where(and(eq(photos.userId, userId), gt(photos.position, photo.position)));
    return photo;
  });
  await deleteMediaFiles(context.storage, context.logger, [
    removed.storageKey,
    removed.thumbnailKey,
  ]);
}
