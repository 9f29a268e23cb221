import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { comments, follows, postLikes, posts, users } from '../../db/schema.js';
import { pageVisiblePosts } from './repo.js';

/**
 * Test-only builders for posts, comments and follows, written straight to the database (the HTTP
 * paths have their own tests). Each call makes new rows; times come from the test clock unless given.
 */

export type PostRow = typeof posts.$inferSelect;

export async function buildPost(
  context: AppContext,
  authorId: string,
  overrides: Partial<typeof posts.$inferInsert> = {},
): Promise<PostRow> {
  const [row] = await context.db
    .insert(posts)
    .values({
      authorId,
      title: 'A post',
      privacy: 'public',
      createdAt: context.clock.now(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildComment(
  context: AppContext,
  values: { postId: string; authorId: string; parentId?: string; content?: string },
): Promise<typeof comments.$inferSelect> {
  const [row] = await context.db
    .insert(comments)
    .values({
      postId: values.postId,
      authorId: values.authorId,
      parentId: values.parentId ?? null,
      content: values.content ?? 'A comment',
      createdAt: context.clock.now(),
    })
    .returning();
  return row!;
}

export async function buildFollow(context: AppContext, followerId: string, followeeId: string) {
  await context.db
    .insert(follows)
    .values({ followerId, followeeId, createdAt: context.clock.now() });
}

export async function buildLike(context: AppContext, postId: string, userId: string) {
  await context.db.insert(postLikes).values({ postId, userId });
}

export async function disableMember(context: AppContext, userId: string) {
  await context.db
    .update(users)
    .set({ status: 'disabled', disabledAt: context.clock.now() })
    .where(eq(users.id, userId));
}

export async function enableMember(context: AppContext, userId: string) {
  await context.db
    .update(users)
    .set({ status: 'active', disabledAt: null })
    .where(eq(users.id, userId));
}

export async function deleteMember(context: AppContext, userId: string) {
  await context.db.delete(users).where(eq(users.id, userId));
}

/** A small real PNG. */
export function pngImage(width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/**
 * The smallest file that is an MP4 by its bytes: an ISO-BMFF `ftyp` box (brand isom) followed by
 * an `mdat` box of `payloadBytes` distinct-ish bytes, so a byte range can be checked exactly.
 */
export function tinyMp4(payloadBytes = 300): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'latin1'),
  ]);
  const payload = Buffer.alloc(payloadBytes);
  for (let i = 0; i < payloadBytes; i += 1) payload[i] = (i * 7 + 3) % 256;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(payloadBytes + 8, 0);
  header.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, header, payload]);
}

/** A real 320×180 clip (see fixtures/README.md): its header says the frame size. */
export function sampleVideo(kind: 'mp4' | 'webm'): Buffer {
  return readFileSync(new URL(`./fixtures/clip-320x180.${kind}`, import.meta.url));
}

/** The MP4 sample as a phone filming upright writes it: the same frames, a 90° turn in `tkhd`. */
export function uprightPhoneMp4(): Buffer {
  const video = Buffer.from(sampleVideo('mp4'));
  const tkhd = video.indexOf('tkhd', 0, 'latin1');
  // After the 4-byte type: version/flags (4), times, track id and duration (20 bytes in version 0,
  // 32 in version 1), reserved (8), layer/group/volume/reserved (8), then the 3×3 matrix.
  const version = video[tkhd + 4];
  const matrix = tkhd + 4 + 4 + (version === 1 ? 32 : 20) + 8 + 8;
  const quarterTurn = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
  quarterTurn.forEach((value, i) => video.writeInt32BE(value, matrix + i * 4));
  return video;
}

/** The location a phone video carries in `©xyz` (phoneVideoWithLocation). */
export const PHONE_VIDEO_LOCATION = '+48.8584+002.2945/';

function mp4Box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** The sample clip as a phone writes it (issue 19, finding 3): a `udta` box in `moov` with `©xyz` and a device name. */
export function phoneVideoWithLocation(): Buffer {
  const video = sampleVideo('mp4');
  const text = (value: string) => {
    const bytes = Buffer.from(value, 'latin1');
    const header = Buffer.alloc(4);
    header.writeUInt16BE(bytes.length, 0);
    header.writeUInt16BE(0x15c7, 2);
    return Buffer.concat([header, bytes]);
  };
  const udta = mp4Box(
    'udta',
    Buffer.concat([
      mp4Box('\u00a9xyz', text(PHONE_VIDEO_LOCATION)),
      mp4Box('\u00a9mak', text('Phonemaker')),
      mp4Box('\u00a9mod', text('Phone 15 Pro')),
    ]),
  );
  const moov = video.indexOf('moov', 0, 'latin1') - 4;
  const moovSize = video.readUInt32BE(moov);
  const grown = Buffer.concat([
    video.subarray(0, moov + moovSize),
    udta,
    video.subarray(moov + moovSize),
  ]);
  grown.writeUInt32BE(moovSize + udta.length, moov);
  return grown;
}

/**
 * Every page of a member's People You Follow, as post ids, read page by page through the cursor;
 * `recentWindow` and `timeline` choose the way pages are read (posts repo's `pageVisiblePosts`).
 * Throws if a read returns more than a page and the row telling of the next.
 */
export async function followingFeedPages(
  db: Database,
  viewerId: string,
  options: { limit: number; recentWindow?: number; timeline?: boolean },
): Promise<string[][]> {
  const { limit } = options;
  const pages: string[][] = [];
  let after: { time: string; id: string } | undefined;
  for (;;) {
    const rows = await pageVisiblePosts(db, viewerId, { kind: 'following' }, { ...options, after });
    if (rows.length > limit + 1) throw new Error(`${rows.length} rows for a page of ${limit}`);
    const page = rows.slice(0, limit);
    pages.push(page.map((row) => row.id));
    if (rows.length <= limit) return pages;
    after = { time: page[limit - 1]!.keysetTime, id: page[limit - 1]!.id };
  }
}
