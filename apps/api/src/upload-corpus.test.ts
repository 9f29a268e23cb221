import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { POST_VIDEO_MAX_BYTES, PROFILE_LIMITS } from '@kindred/contracts';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, posts } from './db/schema.js';
import {
  PHONE_VIDEO_LOCATION,
  phoneVideoWithLocation,
  pngImage,
  tinyMp4,
} from './features/posts/test-factories.js';
import { uploadTempDir } from './http/uploads.js';
import { createTestApp, type TestApp } from './test/app.js';
import { signedInUser } from './test/factories.js';

/**
 * The hostile upload corpus (issue 19), built here byte by byte, sent to the profile photo upload
 * and to post creation. Each file is refused with a clear 4xx — and then nothing is stored (photo
 * and post rows, media files under DATA_DIR) — or accepted as a cleaned file: re-encoded, not the
 * bytes that were sent, and without what made it hostile. No temporary file is left under
 * DATA_DIR/tmp/uploads, and the server answers a health request while the corpus is being sent.
 * UPLOAD_CORPUS_OUT=<file> writes the outcomes (used by `pnpm security:fuzz`).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100000' } });
});

interface Outcome {
  file: string;
  route: string;
  status: number;
  outcome: string;
}
const outcomes: Outcome[] = [];

afterAll(async () => {
  const out = process.env.UPLOAD_CORPUS_OUT;
  if (out && outcomes.length > 0) writeFileSync(out, `${JSON.stringify(outcomes, null, 2)}\n`);
  await t?.close();
});

// --- The corpus ---------------------------------------------------------------------------------

async function jpegImage(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
}

/** A stored ZIP archive holding one file: enough for unzip to list it. */
function zipArchive(): Buffer {
  const name = Buffer.from('payload.html');
  const data = Buffer.from('<script>alert(document.cookie)</script>');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(zlib.crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

/** A PNG chunk with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A pixel flood: a PNG whose header claims 60000×60000 (3.6 gigapixels) over a few bytes of data. */
function pixelFloodPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = zlib.deflateSync(Buffer.alloc(60_000 * 3 + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const MANY_FRAMES = 10_000;

/** An animated GIF of 10,000 1×1 frames (each: a graphic control extension, a descriptor, LZW). */
function manyFramesGif(): Buffer {
  const header = Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1×1, a global table of 2 colours
    Buffer.from([0, 0, 0, 255, 255, 255]),
    // Netscape loop extension: an animation.
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('NETSCAPE2.0', 'latin1'),
    Buffer.from([3, 1, 0, 0, 0]),
  ]);
  const frame = Buffer.from([
    ...[0x21, 0xf9, 4, 0, 1, 0, 0, 0],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ...[2, 2, 0x44, 1, 0],
  ]);
  const frames = Buffer.alloc(frame.length * MANY_FRAMES);
  for (let i = 0; i < MANY_FRAMES; i++) frame.copy(frames, i * frame.length);
  return Buffer.concat([header, frames, Buffer.from([0x3b])]);
}

/** The classic GIF/JavaScript polyglot: a GIF header that is also the start of a script. */
function gifScriptPolyglot(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0, 0, 0]),
    Buffer.from('*/=1;alert(document.domain);//', 'latin1'),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]),
  ]);
}

/** An MP4 whose first box says it is 4 GB long, followed by HTML. */
function lyingMp4(): Buffer {
  const ftyp = tinyMp4(16).subarray(0, 24);
  const liar = Buffer.alloc(8);
  liar.writeUInt32BE(0xffffffff, 0);
  liar.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, liar, Buffer.from('<html><script>alert(1)</script></html>')]);
}

interface CorpusFile {
  name: string;
  /** What the file is, for the table. */
  label: string;
  contentType: string;
  bytes: () => Promise<Buffer> | Buffer;
  /** Bytes a stored copy must not contain. */
  mustNotContain?: Buffer[];
}

const SCRIPT = Buffer.from('<script');

const CORPUS: CorpusFile[] = [
  {
    label: 'HTML named .jpg (image/jpeg)',
    name: 'photo.jpg',
    contentType: 'image/jpeg',
    bytes: () => Buffer.from('<html><body><script>alert(1)</script></body></html>'),
  },
  {
    label: 'JPEG + ZIP polyglot',
    name: 'holiday.jpg',
    contentType: 'image/jpeg',
    bytes: async () => Buffer.concat([await jpegImage(), zipArchive()]),
    mustNotContain: [Buffer.from([0x50, 0x4b, 0x03, 0x04]), SCRIPT],
  },
  {
    label: 'GIF + JavaScript polyglot',
    name: 'anim.gif',
    contentType: 'image/gif',
    bytes: gifScriptPolyglot,
    mustNotContain: [Buffer.from('alert(')],
  },
  {
    label: 'SVG with a script',
    name: 'logo.svg',
    contentType: 'image/svg+xml',
    bytes: () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
    mustNotContain: [SCRIPT],
  },
  {
    label: 'Pixel flood PNG (60000×60000 declared)',
    name: 'flood.png',
    contentType: 'image/png',
    bytes: pixelFloodPng,
  },
  {
    label: 'Truncated JPEG (first half)',
    name: 'cut.jpg',
    contentType: 'image/jpeg',
    bytes: async () => {
      const whole = await jpegImage();
      return whole.subarray(0, Math.floor(whole.length / 2));
    },
  },
  {
    label: `GIF with ${MANY_FRAMES.toLocaleString('en')} frames`,
    name: 'frames.gif',
    contentType: 'image/gif',
    bytes: manyFramesGif,
  },
  {
    label: 'MP4 header followed by HTML',
    name: 'clip.mp4',
    contentType: 'video/mp4',
    bytes: () =>
      Buffer.concat([tinyMp4(16).subarray(0, 24), Buffer.from('<html><script>x</script></html>')]),
  },
  {
    label: 'MP4 with a 4 GB box size',
    name: 'liar.mp4',
    contentType: 'video/mp4',
    bytes: lyingMp4,
  },
  {
    label: 'Phone video with location metadata',
    name: 'phone.mp4',
    contentType: 'video/mp4',
    bytes: phoneVideoWithLocation,
    mustNotContain: [Buffer.from(PHONE_VIDEO_LOCATION, 'latin1'), Buffer.from('Phonemaker')],
  },
  {
    label: 'PNG named ../../../etc/passwd.png',
    name: '../../../etc/passwd.png',
    contentType: 'image/png',
    bytes: () => pngImage(),
  },
  {
    label: 'PNG with a NUL in its name',
    name: 'me\u0000.png.exe',
    contentType: 'image/png',
    bytes: () => pngImage(),
  },
  {
    label: 'Empty file (0 bytes)',
    name: 'empty.png',
    contentType: 'image/png',
    bytes: () => Buffer.alloc(0),
  },
];

const ROUTES = {
  photo: { path: '/api/profile/upload-photo', field: 'photo' },
  post: { path: '/api/posts/create', field: 'media' },
} as const;

type RouteName = keyof typeof ROUTES;

// --- What is stored -----------------------------------------------------------------------------

/** Every file under DATA_DIR except the temporary uploads, with its size. */
function storedFiles(): Map<string, number> {
  const files = new Map<string, number>();
  const tmp = path.join(t.dataDir, 'tmp');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (full === tmp) continue;
      if (entry.isDirectory()) walk(full);
      else files.set(full, statSync(full).size);
    }
  };
  walk(t.dataDir);
  return files;
}

async function rowCounts() {
  const [photoRows] = await t.context.db.select({ n: count() }).from(photos);
  const [postRows] = await t.context.db.select({ n: count() }).from(posts);
  return { photos: photoRows?.n ?? 0, posts: postRows?.n ?? 0 };
}

async function tempFilesLeft(): Promise<string[]> {
  const dir = uploadTempDir(t.dataDir);
  for (let attempt = 0; attempt < 50; attempt++) {
    if (readdirSync(dir).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readdirSync(dir);
}

async function upload(
  route: RouteName,
  file: { name: string; contentType: string },
  bytes: Buffer,
) {
  // A fresh member each time: the photo allowance never decides the outcome.
  const { user, cookie } = await signedInUser(t.context);
  let req = request(t.app).post(ROUTES[route].path).set('Cookie', cookie);
  req =
    route === 'photo'
      ? req.field('userId', user.id)
      : req.field('title', 'Corpus').field('privacy', 'public');
  return req.attach(ROUTES[route].field, bytes, {
    filename: file.name,
    contentType: file.contentType,
  });
}

/** Sends one file and checks the rule; returns the outcome for the table. */
async function sendAndCheck(route: RouteName, file: CorpusFile, bytes: Buffer): Promise<Outcome> {
  const rowsBefore = await rowCounts();
  const filesBefore = storedFiles();
  const res = await upload(route, file, bytes);
  const what = `${file.label} → ${ROUTES[route].path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  expect(await tempFilesLeft(), `temporary files after ${what}`).toEqual([]);
  const filesAfter = storedFiles();
  const added = [...filesAfter.keys()].filter((f) => !filesBefore.has(f));
  let outcome: string;
  if (res.status >= 400) {
    expect(res.body, what).toMatchObject({ success: false });
    expect(typeof res.body.message, what).toBe('string');
    expect(typeof res.body.code, what).toBe('string');
    expect(await rowCounts(), `rows after ${what}`).toEqual(rowsBefore);
    expect(added, `files stored after ${what}`).toEqual([]);
    outcome = `refused (${res.body.code}): ${res.body.message}`;
  } else if (route === 'post' && bytes.length === 0) {
    // An empty file part is what a browser sends for a file input left empty: a post without media.
    expect(added, `files stored after ${what}`).toEqual([]);
    outcome = 'post created without media (an empty part counts as no file); nothing stored';
  } else {
    expect(added.length, `a stored file for ${what}`).toBeGreaterThan(0);
    for (const stored of added) {
      // Stored under DATA_DIR whatever the name said, and not the bytes that were sent.
      expect(stored.startsWith(t.dataDir + path.sep), what).toBe(true);
      const content = readFileSync(stored);
      expect(content.equals(bytes), `${stored} is the upload unchanged`).toBe(false);
      for (const needle of file.mustNotContain ?? []) {
        expect(content.includes(needle), `${stored} still holds ${needle.toString('latin1')}`).toBe(
          false,
        );
      }
    }
    const absent = (file.mustNotContain ?? []).map((needle) => `"${needle.toString('latin1')}"`);
    outcome =
      `stored cleaned: ${added.length} file${added.length === 1 ? '' : 's'} rewritten, not the bytes sent` +
      (absent.length > 0 ? `; no ${absent.join(', ')} in them` : '');
  }
  return { file: file.label, route: `POST ${ROUTES[route].path}`, status: res.status, outcome };
}

describe('the hostile upload corpus', () => {
  for (const route of Object.keys(ROUTES) as RouteName[]) {
    it.each(CORPUS.map((file) => [file.label, file] as const))(
      `%s → ${ROUTES[route].path}: a clear 4xx with nothing stored, or a cleaned file`,
      async (_label, file) => {
        outcomes.push(await sendAndCheck(route, file, await file.bytes()));
      },
      30_000,
    );
  }

  it('refuses one byte over the photo limit and over the post video limit with 413, storing nothing', async () => {
    const jpeg = await jpegImage();
    const overPhoto = Buffer.concat([
      jpeg,
      Buffer.alloc(PROFILE_LIMITS.maxPhotoBytes + 1 - jpeg.length),
    ]);
    const photo = await sendAndCheck(
      'photo',
      {
        label: `Photo limit + 1 byte (${PROFILE_LIMITS.maxPhotoBytes + 1} bytes)`,
        name: 'big.jpg',
        contentType: 'image/jpeg',
        bytes: () => overPhoto,
      },
      overPhoto,
    );
    expect(photo.status).toBe(413);
    const video = tinyMp4(POST_VIDEO_MAX_BYTES + 1 - 32);
    expect(video.length).toBe(POST_VIDEO_MAX_BYTES + 1);
    const post = await sendAndCheck(
      'post',
      {
        label: `Post video limit + 1 byte (${POST_VIDEO_MAX_BYTES + 1} bytes)`,
        name: 'big.mp4',
        contentType: 'video/mp4',
        bytes: () => video,
      },
      video,
    );
    expect(post.status).toBe(413);
    outcomes.push(photo, post);
  }, 60_000);

  it('answers a health request while the heaviest files are being processed', async () => {
    const flood = pixelFloodPng();
    const frames = manyFramesGif();
    const heavy = Promise.all([
      upload('photo', { name: 'flood.png', contentType: 'image/png' }, flood),
      upload('post', { name: 'frames.gif', contentType: 'image/gif' }, frames),
      upload('post', { name: 'flood.png', contentType: 'image/png' }, flood),
    ]);
    // Let the uploads arrive and reach the decoder first.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = performance.now();
    const health = await request(t.app).get('/api/health');
    const healthMs = performance.now() - started;
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(2_000);
    for (const res of await heavy) expect(res.status).toBeLessThan(500);
    expect(await tempFilesLeft()).toEqual([]);
  }, 60_000);
});
