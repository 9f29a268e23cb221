import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../platform/logger.js';

/**
 * Where uploaded media lives. The local implementation keeps files under DATA_DIR/media; an
 * S3-compatible store can implement the same interface.
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Removes the object; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** A local file path for streaming (with HTTP Range support), when the store is on disk. */
  localPath(key: string): string;
}

/** Keys are random (144 bits) so a media URL cannot be guessed from another one. */
export function newMediaKey(extension: string): string {
  return `${randomBytes(18).toString('base64url')}.${extension}`;
}

export const MEDIA_KEY_PATTERN = /^[A-Za-z0-9_-]{24}\.(webp|jpg|png|mp4|webm)$/;

export function createLocalStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`Invalid media key: ${key}`);
    // Two-character fan-out keeps folders small at scale.
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    localPath: resolve,
  };
}

/** The URL the API serves a media object at. */
export function mediaUrl(key: string): string {
  return `/api/media/${key}`;
}

/** The key inside a media URL we issued, or undefined for anything else. */
export function mediaKeyFromUrl(url: string): string | undefined {
  const key = url.split('/').pop() ?? '';
  return url === mediaUrl(key) && MEDIA_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * Removes stored files once the rows naming them are gone (after the commit, so a rollback never
 * loses a file). A failure is logged, not thrown: the rows are already gone and an orphan file is
 * unreachable, its key being random.
 */
export async function deleteMediaFiles(
  storage: MediaStorage,
  logger: Pick<Logger, 'error'>,
  keys: readonly string[],
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      logger.error({ err: result.reason, key: keys[index] }, 'could not delete media file');
    }
  });
}
