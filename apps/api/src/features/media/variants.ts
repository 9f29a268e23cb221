import type { MediaStorage } from './storage.js';

/**
 * Smaller copies of a stored image, for the sizes the web app shows pictures at: a post's picture
 * or a Discover photo fills a card at most 40rem wide (640 px on a 1× screen, 1280 px on a 2× one
 * or a phone), where the image itself may be 2048 px wide; an avatar is 28–48 px, where the
 * profile thumbnail is a 256 px square. A copy is kept beside its image under a key derived from
 * the image's own (`<key>-w640.webp`), so no row has to name it, and the store deletes the copies
 * with the image. `GET /api/media/{key}?w=640` serves the copy, or the image itself where there is
 * none (media stored before copies were made, or an image no wider than the copy).
 * The web app lists the same widths (apps/web/src/lib/media-sources.ts).
 */
export const IMAGE_COPY_WIDTHS = [640, 1280] as const;
/** Copies of a profile thumbnail (a square of THUMBNAIL_DIMENSION): for avatars. */
export const THUMBNAIL_COPY_WIDTHS = [128] as const;

const COPY_WIDTHS: ReadonlySet<number> = new Set([...IMAGE_COPY_WIDTHS, ...THUMBNAIL_COPY_WIDTHS]);

/** The key of a copy: only ever derived from a key we issued, never taken from a request. */
export const MEDIA_COPY_KEY_PATTERN = /^[A-Za-z0-9_-]{24}-w\d{2,4}\.webp$/;

/** Copies exist for re-encoded images only (WebP); videos and the rest have none. */
const hasCopies = (key: string) => key.endsWith('.webp');

/**
 * The key of `key`'s copy `width` pixels wide, or undefined when there is no such size (anything a
 * request asks for other than the widths above is ignored, and the image itself is served).
 */
export function mediaCopyKey(key: string, width: number): string | undefined {
  if (!hasCopies(key) || !COPY_WIDTHS.has(width)) return undefined;
  return `${key.slice(0, -'.webp'.length)}-w${width}.webp`;
}

/** Every copy `key` may have, for deleting them with it. */
export function mediaCopyKeys(key: string): string[] {
  return [...COPY_WIDTHS].flatMap((width) => mediaCopyKey(key, width) ?? []);
}

export interface ImageCopy {
  width: number;
  data: Buffer;
}

/**
 * Stores an image and its copies under `key`; returns the bytes stored, all of which count
 * against the member's storage. If a write fails, deleting `key` removes whatever was stored.
 */
export async function putImageWithCopies(
  storage: Pick<MediaStorage, 'put'>,
  key: string,
  image: { data: Buffer; copies: readonly ImageCopy[] },
): Promise<number> {
  await storage.put(key, image.data);
  let bytes = image.data.length;
  for (const copy of image.copies) {
    await storage.put(mediaCopyKey(key, copy.width)!, copy.data);
    bytes += copy.data.length;
  }
  return bytes;
}
