import { open, type FileHandle } from 'node:fs/promises';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { AppError } from '../../http/errors.js';
import { readVideoDimensions, type MediaDimensions, type VideoMime } from './processing.js';

/**
 * Post videos are checked and cleaned before they are stored. There is no video decoder on the
 * server (the ffmpeg packages either download a binary at install or ship a 2018 build), so the
 * container is read and rewritten in JavaScript:
 *
 * - MP4: every top-level box must fit the file, the first is `ftyp`, and mp4box must find a movie
 *   with at least one audio or video track that has samples (or fragments) — an `ftyp` box followed
 *   by HTML is refused. Then the metadata boxes (`udta` with `©xyz` locations, camera make and
 *   model, `meta`, `uuid` XMP) are overwritten in place as `free` boxes of the same size filled with
 *   zeros, and the creation and modification times of `mvhd`, `tkhd` and `mdhd` are zeroed. In place
 *   means no box moves, so every sample offset (`stco`, `co64`, `tfhd`, `tfra`) stays right.
 * - WebM: the EBML header must say `webm` and a Segment must hold Tracks.
 *
 * No poster frame is made: that needs a decoder; the web shows the player's first frame.
 */
export function cleanVideo(data: Buffer, mime: VideoMime, unplayableMessage: string): Buffer {
  if (mime === 'video/mp4') {
    // Scrubbed first: mp4box then reads only the boxes that are left (not what a phone wrote).
    const top = boxesIn(data, 0, data.length);
    if (!top || top[0]?.type !== 'ftyp' || !top.some((box) => box.type === 'moov')) {
      throw new AppError(400, unplayableMessage);
    }
    const cleaned = withoutMp4Metadata(data);
    if (!hasPlayableMovie(cleaned)) throw new AppError(400, unplayableMessage);
    return cleaned;
  }
  if (!isPlausibleWebm(data)) throw new AppError(400, unplayableMessage);
  return data;
}

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (after the size, type and any 64-bit size). */
  payload: number;
  end: number;
}

/** The boxes in [start, end), or undefined when one does not fit (not an MP4 we can trust). */
function boxesIn(data: Buffer, start: number, end: number): Box[] | undefined {
  const boxes: Box[] = [];
  let offset = start;
  while (offset < end) {
    if (offset + 8 > end) return undefined;
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let payload = offset + 8;
    if (size === 1) {
      if (offset + 16 > end) return undefined;
      const large = data.readBigUInt64BE(offset + 8);
      if (large > BigInt(end - offset)) return undefined;
      size = Number(large);
      payload = offset + 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < payload - offset || offset + size > end) return undefined;
    boxes.push({ type, start: offset, payload, end: offset + size });
    offset += size;
  }
  return boxes;
}

function hasPlayableMovie(data: Buffer): boolean {
  let movie: Movie | undefined;
  let failed = false;
  try {
    const file = createFile();
    file.onReady = (info) => {
      movie = info;
    };
    file.onError = () => {
      failed = true;
    };
    const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy as ArrayBuffer, 0));
    file.flush();
  } catch {
    return false;
  }
  return isPlayable(movie, failed);
}

function isPlayable(movie: Movie | undefined, failed: boolean): boolean {
  if (failed || !movie) return false;
  const media = [...movie.videoTracks, ...movie.audioTracks];
  if (media.length === 0) return false;
  return movie.isFragmented || media.some((track) => track.nb_samples > 0);
}

/** Boxes whose children are walked for metadata. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts', 'mvex', 'moof', 'traf']);
/** Boxes that only ever carry metadata: location, device, titles, XMP. */
const METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_']);
/** Full boxes whose version-dependent header starts with creation and modification times. */
const TIMED = new Set(['mvhd', 'tkhd', 'mdhd']);

function withoutMp4Metadata(original: Buffer): Buffer {
  const data = Buffer.from(original);
  scrubMp4Metadata(data, 0, data.length);
  return data;
}

/** Overwrites the metadata of the boxes in [start, end) of `data`, in place. */
function scrubMp4Metadata(data: Buffer, start: number, end: number): void {
  for (const box of boxesIn(data, start, end) ?? []) {
    if (METADATA.has(box.type)) {
      // The same size as a `free` box: nothing after it moves. The size field stays as it is.
      data.write('free', box.start + 4, 'latin1');
      data.fill(0, box.payload, box.end);
    } else if (TIMED.has(box.type)) {
      zeroTimes(data, box);
    } else if (CONTAINERS.has(box.type)) {
      scrubMp4Metadata(data, box.payload, box.end);
    }
  }
}

/** Version 0: two 32-bit times after the 4-byte version/flags; version 1: two 64-bit times. */
function zeroTimes(data: Buffer, box: Box): void {
  const version = data[box.payload];
  const width = version === 1 ? 16 : 8;
  const from = box.payload + 4;
  if (from + width <= box.end) data.fill(0, from, from + width);
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = Buffer.from([0x18, 0x53, 0x80, 0x67]);
const TRACKS = Buffer.from([0x16, 0x54, 0xae, 0x6b]);

/** The EBML header names the `webm` doctype, and a Segment with Tracks follows. */
function isPlausibleWebm(data: Buffer): boolean {
  if (data.length < 40 || data.readUInt32BE(0) !== EBML_HEADER) return false;
  const header = data.subarray(0, Math.min(data.length, 64));
  if (!header.includes('webm', 0, 'latin1')) return false;
  const segment = data.indexOf(SEGMENT);
  return segment > 0 && data.indexOf(TRACKS, segment) > segment;
}

/** What a video file cleaned in place reports: how many bytes were read, and its frame size. */
export interface CleanedVideoFile {
  dimensions: MediaDimensions | undefined;
  /** Bytes read from the file (the box headers, `ftyp`, `moov` and `moof` boxes; never `mdat`). */
  bytesRead: number;
}

/** How much of a WebM file is read: its header, Segment start and Tracks come first. */
const WEBM_HEAD_BYTES = 1024 * 1024;
/** The top-level MP4 boxes that are loaded and scrubbed; `mdat` (the samples) is never read. */
const LOADED_TOP_LEVEL = new Set(['ftyp', 'moov', 'moof']);
/** A box header: 32-bit size and type, then a 64-bit size when the first says 1. */
const BOX_HEADER_BYTES = 16;
const ZERO_CHUNK_BYTES = 64 * 1024;

/**
 * The same checks and cleaning as `cleanVideo`, on a file on disk, without reading it whole: the
 * top-level box headers are read where they sit, only `ftyp`, `moov` and `moof` are loaded,
 * scrubbed and written back at their offsets (same length: nothing moves), and a top-level metadata
 * box becomes `free` with zeros written over it in chunks. mp4box checks the movie from `ftyp` and
 * `moov` alone, which is all it needs to find the tracks and their sample counts. A WebM is checked
 * from its first MiB.
 */
export async function cleanVideoFile(
  filePath: string,
  mime: VideoMime,
  unplayableMessage: string,
): Promise<CleanedVideoFile> {
  const handle = await open(filePath, mime === 'video/mp4' ? 'r+' : 'r');
  try {
    const size = (await handle.stat()).size;
    if (mime === 'video/webm') {
      const head = await readAt(handle, 0, Math.min(size, WEBM_HEAD_BYTES));
      if (!isPlausibleWebm(head)) throw new AppError(400, unplayableMessage);
      return { dimensions: readVideoDimensions(head, mime), bytesRead: head.length };
    }
    return await cleanMp4File(handle, size, unplayableMessage);
  } finally {
    await handle.close();
  }
}

async function cleanMp4File(
  handle: FileHandle,
  size: number,
  unplayableMessage: string,
): Promise<CleanedVideoFile> {
  let bytesRead = 0;
  const top: Box[] = [];
  for (let offset = 0; offset < size;) {
    const header = await readAt(handle, offset, Math.min(BOX_HEADER_BYTES, size - offset));
    bytesRead += header.length;
    const box = boxHeaderAt(header, offset, size);
    if (!box) throw new AppError(400, unplayableMessage);
    top.push(box);
    offset = box.end;
  }
  if (top[0]?.type !== 'ftyp' || !top.some((box) => box.type === 'moov')) {
    throw new AppError(400, unplayableMessage);
  }

  const loaded: { box: Box; data: Buffer }[] = [];
  for (const box of top) {
    if (LOADED_TOP_LEVEL.has(box.type)) {
      const data = await readAt(handle, box.start, box.end - box.start);
      bytesRead += data.length;
      if (box.type !== 'ftyp') scrubMp4Metadata(data, 0, data.length);
      loaded.push({ box, data });
    } else if (METADATA.has(box.type)) {
      await handle.write(Buffer.from('free', 'latin1'), 0, 4, box.start + 4);
      await writeZeros(handle, box.payload, box.end);
    }
  }
  const movie = Buffer.concat(
    loaded.filter(({ box }) => box.type === 'ftyp' || box.type === 'moov').map(({ data }) => data),
  );
  if (!hasPlayableMovie(movie)) throw new AppError(400, unplayableMessage);
  for (const { box, data } of loaded) {
    if (box.type !== 'ftyp') await handle.write(data, 0, data.length, box.start);
  }
  return { dimensions: readVideoDimensions(movie, 'video/mp4'), bytesRead };
}

/** The top-level box whose header is `header` (read at `offset`), or undefined if it does not fit. */
function boxHeaderAt(header: Buffer, offset: number, fileSize: number): Box | undefined {
  if (header.length < 8) return undefined;
  let size = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  let payload = offset + 8;
  if (size === 1) {
    if (header.length < 16) return undefined;
    const large = header.readBigUInt64BE(8);
    if (large > BigInt(fileSize - offset)) return undefined;
    size = Number(large);
    payload = offset + 16;
  } else if (size === 0) {
    size = fileSize - offset;
  }
  if (size < payload - offset || offset + size > fileSize) return undefined;
  return { type, start: offset, payload, end: offset + size };
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const data = Buffer.alloc(length);
  const { bytesRead } = await handle.read(data, 0, length, position);
  return data.subarray(0, bytesRead);
}

async function writeZeros(handle: FileHandle, start: number, end: number): Promise<void> {
  const zeros = Buffer.alloc(Math.min(ZERO_CHUNK_BYTES, Math.max(0, end - start)));
  for (let at = start; at < end; at += zeros.length) {
    await handle.write(zeros, 0, Math.min(zeros.length, end - at), at);
  }
}
