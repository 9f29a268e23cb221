import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { AppError } from '../../http/errors.js';
import type { VideoMime } from './processing.js';

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
  const scrub = (start: number, end: number) => {
    for (const box of boxesIn(data, start, end) ?? []) {
      if (METADATA.has(box.type)) {
        // The same size as a `free` box: nothing after it moves. The size field stays as it is.
        data.write('free', box.start + 4, 'latin1');
        data.fill(0, box.payload, box.end);
      } else if (TIMED.has(box.type)) {
        zeroTimes(data, box);
      } else if (CONTAINERS.has(box.type)) {
        scrub(box.payload, box.end);
      }
    }
  };
  scrub(0, data.length);
  return data;
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
