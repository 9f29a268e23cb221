import type { Logger } from '../../platform/logger.js';
import { readMediaBytes, resizeStoredImage, type MediaStorage } from '../media/index.js';

/** At most this many copies are being made at once; further requests get the image itself. */
const MAX_COPIES_IN_PROGRESS = 4;
const inProgress = new Set<string>();

/**
 * Makes the copy `copyKey` (`width` wide, media/variants.ts) of the image `key` when it has none:
 * images stored before copies existed (and post images, stored without them) get theirs on the
 * first request, so a card downloads a 640 px picture rather than the 2048 px original from then
 * on. False when it cannot be made now: the caller serves the image itself, as it always did.
 */
export async function makeMediaCopy(
  storage: MediaStorage,
  logger: Pick<Logger, 'warn'>,
  key: string,
  copyKey: string,
  width: number,
): Promise<boolean> {
  if (inProgress.has(copyKey) || inProgress.size >= MAX_COPIES_IN_PROGRESS) return false;
  inProgress.add(copyKey);
  try {
    const original = await readMediaBytes(storage, key);
    if (!original) return false;
    await storage.put(copyKey, await resizeStoredImage(original, width));
    return true;
  } catch (error) {
    // Another process made it meanwhile (the store refuses to overwrite a key): it is there.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return true;
    logger.warn({ err: error, key, width }, 'could not make a copy of an image');
    return false;
  } finally {
    inProgress.delete(copyKey);
  }
}
