import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../http/errors.js';
import { IMAGE_COPY_WIDTHS, THUMBNAIL_COPY_WIDTHS, type ImageCopy } from './variants.js';

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';
export type VideoMime = 'video/mp4' | 'video/webm';

const IMAGE_TYPES = new Set<string>(['image/jpeg', 'image/png', 'image/webp']);
const VIDEO_TYPES = new Set<string>(['video/mp4', 'video/webm']);

/**
 * Decoding is bounded twice: libvips works with at most this many threads per image, and at most
 * this many images are decoded at once in the process (the rest wait their turn), so parallel
 * uploads cannot multiply the memory a decode takes.
 */
const DECODE_THREADS = 2;
const MAX_CONCURRENT_DECODES = 2;
sharp.concurrency(DECODE_THREADS);

let decodesRunning = 0;
const decodeQueue: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decodesRunning >= MAX_CONCURRENT_DECODES) {
    await new Promise<void>((resolve) => decodeQueue.push(resolve));
  } else {
    decodesRunning += 1;
  }
  try {
    return await work();
  } finally {
    const next = decodeQueue.shift();
    if (next) next();
    else decodesRunning -= 1;
  }
}

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

/** How much of a file decides its type: every signature file-type checks lies within it. */
const SNIFF_BYTES = 4096;

/** `sniffMediaType` of a file on disk, from its first bytes only (a video is never read whole). */
export async function sniffMediaFile(filePath: string): Promise<ImageMime | VideoMime | undefined> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return await sniffMediaType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
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
  /** Smaller copies for cards and avatars (variants.ts): only those narrower than the image. */
  copies: ImageCopy[];
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
export function processImage(data: Buffer, unreadableMessage: string): Promise<ProcessedPhoto> {
  return withDecodeSlot(() => decodeImage(data, unreadableMessage));
}

async function decodeImage(data: Buffer, unreadableMessage: string): Promise<ProcessedPhoto> {
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
    // The upright width the full image will have, to make only the copies narrower than it.
    const quarterTurn = (metadata.orientation ?? 1) >= 5;
    const uprightWidth = quarterTurn ? height : width;
    const uprightHeight = quarterTurn ? width : height;
    const fullWidth = Math.round(
      uprightWidth * Math.min(1, MAX_IMAGE_DIMENSION / Math.max(uprightWidth, uprightHeight)),
    );
    const copy = async (pipeline: Sharp, copyWidth: number): Promise<ImageCopy> => ({
      width: copyWidth,
      data: await pipeline.toBuffer(),
    });
    const fullCopies = IMAGE_COPY_WIDTHS.filter((copyWidth) => copyWidth < fullWidth).map(
      (copyWidth) =>
        copy(source.clone().resize({ width: copyWidth }).webp({ quality: 80 }), copyWidth),
    );
    const thumbnailCopies = THUMBNAIL_COPY_WIDTHS.filter(
      (copyWidth) => copyWidth < THUMBNAIL_DIMENSION,
    ).map((copyWidth) =>
      copy(
        source
          .clone()
          .resize(copyWidth, copyWidth, { fit: 'cover', position: 'attention' })
          .webp({ quality: 75 }),
        copyWidth,
      ),
    );
    const [full, thumbnail, fullCopyList, thumbnailCopyList] = await Promise.all([
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
      Promise.all(fullCopies),
      Promise.all(thumbnailCopies),
    ]);
    return {
      full: {
        data: full.data,
        width: full.info.width,
        height: full.info.height,
        extension: 'webp',
        copies: fullCopyList.filter((each) => each.width < full.info.width),
      },
      thumbnail: {
        data: thumbnail.data,
        width: thumbnail.info.width,
        height: thumbnail.info.height,
        extension: 'webp',
        copies: thumbnailCopyList,
      },
    };
  } catch {
    throw new AppError(400, unreadableMessage);
  }
}

/**
 * A copy of an image already stored (re-encoded by `processImage`, so upright and bounded) at most
 * `width` pixels wide, for one stored before its copies were made (media-access makes it on first
 * request). An image no wider is re-encoded at its own size, so the copy exists from then on.
 */
export function resizeStoredImage(data: Buffer, width: number): Promise<Buffer> {
  return withDecodeSlot(() =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  );
}

/** The pixel size of an image already stored (re-encoded, upright); reads only its header. */
export async function readStoredImageDimensions(
  file: string | Buffer,
): Promise<{ width: number; height: number } | undefined> {
  const { width = 0, height = 0 } = await sharp(file).metadata();
  return width > 0 && height > 0 ? { width, height } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Videos are stored as they are (there is no decoder on the server), but their frame size is read
// from the container's header so clients can reserve the player's box before the file loads.

export interface MediaDimensions {
  width: number;
  height: number;
}

/** A frame size a client can use; anything else reads as unknown. */
const plausible = (width: number, height: number): MediaDimensions | undefined =>
  Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0
    ? width <= 16_384 && height <= 16_384
      ? { width, height }
      : undefined
    : undefined;

/**
 * The displayed frame size of an MP4 or WebM video, or undefined when the header does not say
 * (a truncated file, a video track-less file). Never throws: a video whose size is unknown is
 * still a valid post, shown in a default-shaped box.
 */
export function readVideoDimensions(data: Buffer, mime: VideoMime): MediaDimensions | undefined {
  try {
    return mime === 'video/mp4' ? readMp4Dimensions(data) : readWebmDimensions(data);
  } catch {
    return undefined;
  }
}

/**
 * MP4 (ISO-BMFF): mp4box reads the `moov` box wherever it sits. The first video track's `tkhd`
 * gives the presentation size; a 90° or 270° matrix (phones filming upright) swaps it.
 */
function readMp4Dimensions(data: Buffer): MediaDimensions | undefined {
  const file = createFile();
  let info: Movie | undefined;
  file.onReady = (movie) => {
    info = movie;
  };
  const buffer = MP4BoxBuffer.fromArrayBuffer(
    data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
    0,
  );
  file.appendBuffer(buffer);
  file.flush();
  const track = info?.videoTracks[0];
  if (!track) return undefined;
  const width = Math.round(track.track_width || (track.video?.width ?? 0));
  const height = Math.round(track.track_height || (track.video?.height ?? 0));
  const [a = 0, b = 0] = track.matrix;
  const quarterTurn = a === 0 && b !== 0;
  return quarterTurn ? plausible(height, width) : plausible(width, height);
}

const EBML = {
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  displayWidth: 0x54b0,
  displayHeight: 0x54ba,
  displayUnit: 0x54b2,
} as const;

interface EbmlElement {
  id: number;
  /** Where the element's data starts and ends (the end of the parent for an unknown size). */
  start: number;
  end: number;
}

/** One EBML variable-length integer at `offset`: its value (marker bit kept for ids) and length. */
function readVint(data: Buffer, offset: number, keepMarker: boolean) {
  const first = data[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (offset + length > data.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = data[offset + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** The child elements of [start, end), in order. */
function* ebmlChildren(data: Buffer, start: number, end: number): Generator<EbmlElement> {
  let offset = start;
  while (offset < end) {
    const id = readVint(data, offset, true);
    if (!id || id.length > 4) return;
    const size = readVint(data, offset + id.length, false);
    if (!size) return;
    const dataStart = offset + id.length + size.length;
    const dataEnd = size.unknown ? end : Math.min(end, dataStart + size.value);
    yield { id: id.value, start: dataStart, end: dataEnd };
    if (size.unknown) return;
    offset = dataEnd;
  }
}

const ebmlUint = (data: Buffer, element: EbmlElement) => {
  let value = 0;
  for (let i = element.start; i < element.end; i += 1) value = value * 256 + data[i]!;
  return value;
};

/**
 * WebM (Matroska): Segment → Tracks → the first video TrackEntry → Video → PixelWidth/Height, or
 * DisplayWidth/Height when the display unit is pixels (the size players show it at).
 */
function readWebmDimensions(data: Buffer): MediaDimensions | undefined {
  const find = (start: number, end: number, id: number) =>
    [...ebmlChildren(data, start, end)].find((element) => element.id === id);
  const segment = find(0, data.length, EBML.segment);
  if (!segment) return undefined;
  let tracks: EbmlElement | undefined;
  for (const element of ebmlChildren(data, segment.start, segment.end)) {
    if (element.id === EBML.tracks) {
      tracks = element;
      break;
    }
  }
  if (!tracks) return undefined;
  for (const entry of ebmlChildren(data, tracks.start, tracks.end)) {
    if (entry.id !== EBML.trackEntry) continue;
    const type = find(entry.start, entry.end, EBML.trackType);
    const video = find(entry.start, entry.end, EBML.video);
    if (!video || (type && ebmlUint(data, type) !== 1)) continue;
    const fields = new Map(
      [...ebmlChildren(data, video.start, video.end)].map((element) => [
        element.id,
        ebmlUint(data, element),
      ]),
    );
    const inPixels = (fields.get(EBML.displayUnit) ?? 0) === 0;
    const width = (inPixels && fields.get(EBML.displayWidth)) || fields.get(EBML.pixelWidth);
    const height = (inPixels && fields.get(EBML.displayHeight)) || fields.get(EBML.pixelHeight);
    return plausible(width ?? 0, height ?? 0);
  }
  return undefined;
}
