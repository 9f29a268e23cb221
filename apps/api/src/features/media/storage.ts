import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../../platform/logger.js';
import { MEDIA_COPY_KEY_PATTERN, mediaCopyKeys } from './variants.js';

/**
 * What a write takes: a small buffer (a re-encoded image), a stream, or a file already on disk
 * (an upload's temporary file). A video is never held whole in memory on its way to the store.
 */
export type MediaBody = Buffer | Readable | { filePath: string };

/** Bytes `start` to `end`, both included (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredMediaInfo {
  /** Length in bytes. */
  size: number;
  lastModified: Date | undefined;
}

/**
 * Where uploaded media lives: on the local disk under DATA_DIR/media (default) or in an
 * S3-compatible bucket (s3-storage.ts), chosen by MEDIA_STORAGE. Both keep the same contract
 * (storage.contract.test.ts).
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores an object under a fresh key (keys are never reused). */
  put(key: string, body: MediaBody, options?: { contentType?: string }): Promise<void>;
  /** Size and date of the object, or undefined when there is none. */
  stat(key: string): Promise<StoredMediaInfo | undefined>;
  exists(key: string): Promise<boolean>;
  /**
   * The object's bytes (or one range of them) as a stream; undefined when there is no such object.
   * The range must lie within the object (callers check it against `stat`).
   */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /**
   * Removes the object and the smaller copies kept beside it (variants.ts); a key that is already
   * gone is not an error.
   */
  delete(key: string): Promise<void>;
  /**
   * The file behind a key on the local disk: for tests and operator tools with the local store
   * only. Requests never use it (they read through `read`), and the S3 store throws.
   */
  localPath(key: string): string;
}

/** Keys are random (144 bits) so a media URL cannot be guessed from another one. */
export function newMediaKey(extension: string): string {
  return `${randomBytes(18).toString('base64url')}.${extension}`;
}

export const MEDIA_KEY_PATTERN = /^[A-Za-z0-9_-]{24}\.(webp|jpg|png|mp4|webm)$/;

/** Refuses anything but a key we issued (or its copy's), so no caller can reach outside the store. */
export function assertMediaKey(key: string): void {
  if (!MEDIA_KEY_PATTERN.test(key) && !MEDIA_COPY_KEY_PATTERN.test(key)) {
    throw new Error(`Invalid media key: ${key}`);
  }
}

/** The body of a write as a stream (a buffer or file is read lazily, never copied whole). */
export function mediaBodyStream(body: MediaBody): Readable {
  if (Buffer.isBuffer(body)) return Readable.from([body]);
  if (body instanceof Readable) return body;
  return createReadStream(body.filePath);
}

const isMissing = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

export function createLocalStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    assertMediaKey(key);
    // Two-character fan-out keeps folders small at scale.
    return path.join(root, key.slice(0, 2), key);
  };
  const statOf = async (key: string): Promise<StoredMediaInfo | undefined> => {
    try {
      const info = await stat(resolve(key));
      return info.isFile() ? { size: info.size, lastModified: info.mtime } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(body)) {
        await writeFile(file, body, { flag: 'wx' });
        return;
      }
      try {
        await pipeline(mediaBodyStream(body), createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        // A half-written file must not stay behind under a key that looks complete.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
        throw error;
      }
    },
    stat: statOf,
    async exists(key) {
      return (await statOf(key)) !== undefined;
    },
    async read(key, range) {
      const file = resolve(key);
      if (!(await statOf(key))) return undefined;
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await Promise.all(
        [key, ...mediaCopyKeys(key)].map((each) => rm(resolve(each), { force: true })),
      );
    },
    localPath: resolve,
  };
}

/** The whole object in memory: only for small objects such as a stored image's header read. */
export async function readMediaBytes(
  storage: MediaStorage,
  key: string,
): Promise<Buffer | undefined> {
  const stream = await storage.read(key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
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
