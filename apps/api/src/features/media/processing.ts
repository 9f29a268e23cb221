import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/errors.js';

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';
export type VideoMime = 'video/mp4' | 'video/webm';

const IMAGE_TYPES = new Set<string>(['image/jpeg', 'image/png', 'image/webp']);
const VIDEO_TYPES = new Set<string>(['video/mp4', 'video/webm']);

/** Larger images are refused before decoding: a small file can declare a huge canvas. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_IMAGE_DIMENSION = 2048;
export const THUMBNAIL_DIMENSION = 256;

/** What the bytes really are, whatever the file name or the declared type say. */
export async function sniffMediaType(data: Buffer): Promise<ImageMime | VideoMime | undefined> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return undefined;
  if (IMAGE_TYPES.has(detected.mime)) return detected.mime as ImageMime;
  if (VIDEO_TYPES.has(detected.mime)) return detected.mime as VideoMime;
  return undefined;
}

export const isImageMime = (mime: string | undefined): mime is ImageMime =>
  mime !== undefined && IMAGE_TYPES.has(mime);
export const isVideoMime = (mime: string | undefined): mime is VideoMime =>
  mime !== undefined && VIDEO_TYPES.has(mime);

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  extension: 'webp';
}

export interface ProcessedPhoto {
  full: ProcessedImage;
  thumbnail: ProcessedImage;
}

/**
 * Re-encodes an uploaded image: reads only the header first (so a decompression bomb is refused
 * without decoding it), then auto-orients, bounds the size and writes a fresh WebP. sharp writes no
 * metadata unless asked, so EXIF (GPS included), XMP and ICC comments never survive.
 */
export async function processImage(
  data: Buffer,
  unreadableMessage: string,
): Promise<ProcessedPhoto> {
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, unreadableMessage);
  }
  const { width = 0, height = 0 } = metadata;
  if (width === 0 || height === 0) throw new AppError(400, unreadableMessage);
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError(400, `Image dimensions are too large (${width}×${height})`);
  }

  try {
    const source = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [full, thumbnail] = await Promise.all([
      source
        .clone()
        .resize(MAX_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      source
        .clone()
        .resize(THUMBNAIL_DIMENSION, THUMBNAIL_DIMENSION, { fit: 'cover', position: 'attention' })
        .webp({ quality: 75 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      full: {
        data: full.data,
        width: full.info.width,
        height: full.info.height,
        extension: 'webp',
      },
      thumbnail: {
        data: thumbnail.data,
        width: thumbnail.info.width,
        height: thumbnail.info.height,
        extension: 'webp',
      },
    };
  } catch {
    throw new AppError(400, unreadableMessage);
  }
}
