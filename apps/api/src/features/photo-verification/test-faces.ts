import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { photos } from '../../db/schema.js';
import { newMediaKey } from '../media/index.js';

/**
 * Face images for photo-verification tests: crops of the demo pictures shipped in the
 * @vladmandic/face-api npm package (MIT), one person each (fixtures/README.md).
 */
export function faceFixture(number: number): Buffer {
  return readFileSync(
    new URL(`./fixtures/face-${String(number).padStart(2, '0')}.jpg`, import.meta.url),
  );
}

/** The face copying a pose: the picture turned by `degrees` (clockwise in the image). */
export async function tilted(image: Buffer, degrees: number): Promise<Buffer> {
  return sharp(image).rotate(degrees, { background: '#808080' }).jpeg({ quality: 90 }).toBuffer();
}

/** Puts an image in the member's profile photos at `position` (0 is the main photo). */
export async function addProfilePhoto(
  context: AppContext,
  userId: string,
  image: Buffer,
  position = 0,
): Promise<string> {
  const full = await sharp(image).webp().toBuffer({ resolveWithObject: true });
  const storageKey = newMediaKey('webp');
  const thumbnailKey = newMediaKey('webp');
  await context.storage.put(storageKey, full.data, { contentType: 'image/webp' });
  await context.storage.put(thumbnailKey, full.data, { contentType: 'image/webp' });
  await context.db.insert(photos).values({
    userId,
    position,
    storageKey,
    thumbnailKey,
    width: full.info.width,
    height: full.info.height,
    bytes: full.data.length,
  });
  return storageKey;
}
