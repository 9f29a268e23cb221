import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/**
 * Cumulative Layout Shift as Lighthouse and Core Web Vitals count it, read from the browser's
 * Layout Instability API: shifts right after user input are left out, the others are grouped in
 * session windows (a window ends after a 1 s gap or when it spans 5 s), and the score is the
 * largest window's sum. Call `observeLayoutShifts` before the page loads, `readLayoutShift` after.
 */
export async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface ShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    }
    const shifts: { value: number; startTime: number; nodes: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    const describe = (node: Node | null | undefined): string => {
      if (!node || !(node instanceof Element)) return node?.nodeName ?? '?';
      const cls = node.getAttribute('class');
      return `${node.tagName.toLowerCase()}${cls ? `.${cls.trim().split(/\s+/).join('.')}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          startTime: entry.startTime,
          nodes: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export interface LayoutShiftReport {
  /** The largest session window's sum (what Lighthouse reports as CLS). */
  cls: number;
  /** Every counted shift, for the failure message: which elements moved, and by how much. */
  shifts: { value: number; startTime: number; nodes: string[] }[];
}

export async function readLayoutShift(page: Page): Promise<LayoutShiftReport> {
  const shifts = await page.evaluate(
    () =>
      (
        window as unknown as {
          __layoutShifts: { value: number; startTime: number; nodes: string[] }[];
        }
      ).__layoutShifts,
  );
  let cls = 0;
  let windowSum = 0;
  let windowStart = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of shifts) {
    if (shift.startTime - previous < 1000 && shift.startTime - windowStart < 5000) {
      windowSum += shift.value;
    } else {
      windowSum = shift.value;
      windowStart = shift.startTime;
    }
    previous = shift.startTime;
    cls = Math.max(cls, windowSum);
  }
  return { cls, shifts };
}

/** The heading levels of the page in document order (h1 → 1, …). */
export async function headingLevels(page: Page): Promise<number[]> {
  return page.$$eval('h1, h2, h3, h4, h5, h6', (headings) =>
    headings.map((heading) => Number(heading.tagName.slice(1))),
  );
}

// ---------------------------------------------------------------------------------------------
// Media to post: a real-sized photo and a real, playable video.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB PNG with a diagonal gradient (so it is a photo-sized file, not a dot). */
export function gradientPng(width: number, height: number, hue: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      row[1 + x * 3] = Math.round(hue[0] * t);
      row[2 + x * 3] = Math.round(hue[1] * t);
      row[3 + x * 3] = Math.round(hue[2] * (1 - t));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A short WebM (VP8) recorded in the browser from an animated canvas with MediaRecorder: a real
 * video Chromium can play, made without any encoder on the machine.
 */
export async function recordWebm(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const stream = canvas.captureStream(25);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      for (let frame = 0; frame < 12; frame += 1) {
        context.fillStyle = `hsl(${frame * 30}, 70%, 50%)`;
        context.fillRect(0, 0, width, height);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}
