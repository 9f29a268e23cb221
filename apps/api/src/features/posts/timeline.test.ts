import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, memberStats, mutes, posts, timelineEntries } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertMembersInBulk } from '../../test/bulk-members.js';
import { captureStatements, customPlan, genericPlan } from '../../test/explain.js';
import { buildUser } from '../../test/factories.js';
import { untilAnotherWaitsForALock } from '../../test/locks.js';
import { blockMember } from '../blocks/index.js';
import { pageVisiblePosts, TIMELINE_DAYS, TIMELINE_PUSH_MAX_FOLLOWERS } from './repo.js';
import { deleteTimelineRowsPastTheirDays } from './timeline-retention.js';
import { followingFeedPages } from './test-factories.js';

/**
 * People You Follow's timeline (issue 18): posts are copied to their author's followers'
 * timelines when written, a new follow copies the followee's posts of the timeline's days, an
 * ended one takes them out, and authors with many followers are read at read time instead. A
 * page the timeline fills is one statement over the viewer's own rows; every page is the one the
 * feed gives without the timeline.
 */

const DAY_MS = 24 * 60 * 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member() {
  return (await buildUser(t.context)).id;
}

async function follow(followerId: string, followeeId: string) {
  await t.context.db.insert(follows).values({ followerId, followeeId });
}

async function post(
  authorId: string,
  agoMs: number,
  privacy: 'public' | 'followers' | 'private' = 'public',
) {
  const [row] = await t.context.db
    .insert(posts)
    .values({ authorId, title: 'A post', privacy, createdAt: new Date(Date.now() - agoMs) })
    .returning({ id: posts.id });
  return row!.id;
}

async function timelineOf(memberId: string): Promise<string[]> {
  const rows = await t.context.db
    .select({ postId: timelineEntries.postId })
    .from(timelineEntries)
    .where(eq(timelineEntries.memberId, memberId));
  return rows.map((row) => row.postId).sort();
}

/** Every page of the viewer's People You Follow, with the timeline or without. */
function allPages(viewerId: string, timeline: boolean, limit = 20): Promise<string[][]> {
  return followingFeedPages(t.context.db, viewerId, { limit, timeline });
}

describe('People You Follow’s timeline', () => {
  let viewerId: string;
  let followed: string[];

  beforeAll(async () => {
    viewerId = await member();
    followed = await Promise.all(Array.from({ length: 30 }, () => member()));
    for (const id of followed) await follow(viewerId, id);
    // 3 posts each, minutes apart, one for followers only; and a private one the viewer may not see.
    for (const [m, id] of followed.entries()) {
      for (let i = 0; i < 3; i += 1) {
        await post(id, (m * 3 + i) * 60_000, i === 1 ? 'followers' : 'public');
      }
    }
    await post(followed[0]!, 30_000, 'private');
    // Other members' timelines and older posts, so the viewer's rows are a small part of the
    // tables, as on a network, and the plans are those one gets.
    const others = await insertMembersInBulk(t.context.db, 'reader', 300);
    await t.context.db.execute(sql`
      insert into posts (author_id, title, privacy, created_at)
      select ${others[0]}::uuid, 'Older', 'public', now() - interval '400 days' - n * interval '1 minute'
      from generate_series(1, 3000) as n`);
    await t.context.db.execute(sql`
      insert into timeline_entries (member_id, post_id, author_id, created_at)
      select reader.id, p.id, p.author_id, p.created_at
      from unnest(${sql.raw(`array[${others.map((id) => `'${id}'`).join(',')}]::uuid[]`)}) as reader(id)
      cross join (select * from posts where created_at >= timeline_since() limit 40) as p`);
    const othersArray = sql.raw(`array[${others.map((id) => `'${id}'`).join(',')}]::uuid[]`);
    await t.context.db.execute(sql`
      insert into follows (follower_id, followee_id)
      select a.id, b.id from unnest(${othersArray}) as a(id)
      cross join unnest((${othersArray})[1:20]) as b(id) where a.id <> b.id`);
    await t.context.db.execute(sql`analyze`);
  });

  it('copies a post to the timelines of its author’s followers as it is written', async () => {
    const author = await member();
    const [a, b] = [await member(), await member()];
    await follow(a, author);
    await follow(b, author);
    const written = await post(author, 0);
    expect(await timelineOf(a)).toEqual([written]);
    expect(await timelineOf(b)).toEqual([written]);
    expect(await timelineOf(author)).toEqual([]);
  });

  it('reads a page it fills in one statement that walks the viewer’s rows and stops at the page, in its custom and generic plans, on page 1 and later', async () => {
    const [first] = await allPages(viewerId, true);
    const last = first![19]!;
    const lastRow = await t.context.db
      .select({
        time: sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(posts)
      .where(eq(posts.id, last));
    for (const after of [undefined, { time: lastRow[0]!.time, id: last }]) {
      const { result: rows, statements } = await captureStatements(t.context.database, () =>
        pageVisiblePosts(t.context.db, viewerId, { kind: 'following' }, { after, limit: 20 }),
      );
      expect(rows).toHaveLength(21);
      expect(statements).toHaveLength(1);
      for (const plan of [
        await customPlan(t.context.db, statements[0]!),
        await genericPlan(t.context.db, statements[0]!),
      ]) {
        expect(plan).toContain('timeline_entries_member_created_post');
        expect(plan).not.toMatch(
          /Seq Scan on (posts|timeline_entries|follows|users|member_stats)\b/,
        );
      }
      // It stops at the page: about 21 of the viewer's 90 rows (a row the viewer may not see is
      // passed over), not all of them read and sorted.
      const analyzed = await customPlan(t.context.db, statements[0]!, true);
      const walked =
        /Index (?:Only )?Scan using timeline_entries_member_created_post on timeline_entries \(actual rows=([\d.]+)/.exec(
          analyzed,
        );
      expect(Number(walked?.[1])).toBeGreaterThanOrEqual(21);
      expect(Number(walked?.[1])).toBeLessThan(30);
    }
  });

  it('gives the pages the feed gives without it, for every page size, past mutes, blocks and posts the viewer may not see', async () => {
    const muted = followed[3]!;
    await t.context.db.insert(mutes).values({ muterId: viewerId, mutedId: muted });
    const blocker = followed[4]!;
    await blockMember(t.context, blocker, viewerId);
    try {
      const without = await allPages(viewerId, false);
      // 30 members' 3 posts, less the muted and blocking members' (the private post not shown).
      expect(without.flat()).toHaveLength(28 * 3);
      expect(await allPages(viewerId, true)).toEqual(without);
      for (const limit of [7, 33, 50]) {
        expect((await allPages(viewerId, true, limit)).flat()).toEqual(without.flat());
      }
    } finally {
      await t.context.db.delete(mutes).where(eq(mutes.muterId, viewerId));
      await follow(viewerId, blocker).catch(() => undefined);
    }
  });

  it('reads a page that reaches back past its days as the feed did without it', async () => {
    const reader = await member();
    const author = await member();
    await follow(reader, author);
    const recent = await post(author, DAY_MS);
    const old = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post(author, (TIMELINE_DAYS + 1) * DAY_MS + i * 1000)),
    );
    // Only the recent post is copied; the old ones are read from the posts themselves.
    expect(await timelineOf(reader)).toEqual([recent]);
    const pages = await allPages(reader, true);
    expect(pages).toEqual(await allPages(reader, false));
    expect(pages.flat()).toHaveLength(1 + old.length);
    expect(pages[0]![0]).toBe(recent);
  });

  it('starts from the database’s timeline_since(), TIMELINE_DAYS before now, and copies up to the database’s timeline_push_max_followers()', async () => {
    const [row] = await t.context.db
      .select({
        same: sql<boolean>`timeline_since() = now() - make_interval(days => ${TIMELINE_DAYS}::int)`,
        pushMax: sql<number>`timeline_push_max_followers()`,
      })
      .from(sql`(select 1) as one`);
    expect(row?.same).toBe(true);
    expect(row?.pushMax).toBe(TIMELINE_PUSH_MAX_FOLLOWERS);
  });

  it('copies the followee’s posts of its days on a follow, and takes them out when the follow ends or a block ends it', async () => {
    const reader = await member();
    const author = await member();
    const recent = [await post(author, DAY_MS), await post(author, 2 * DAY_MS, 'followers')];
    await post(author, (TIMELINE_DAYS + 1) * DAY_MS);
    await follow(reader, author);
    expect(await timelineOf(reader)).toEqual([...recent].sort());
    await t.context.db
      .delete(follows)
      .where(and(eq(follows.followerId, reader), eq(follows.followeeId, author)));
    expect(await timelineOf(reader)).toEqual([]);
    await follow(reader, author);
    expect(await timelineOf(reader)).toHaveLength(2);
    await blockMember(t.context, author, reader);
    expect(await timelineOf(reader)).toEqual([]);
  });

  it('deletes the rows of posts past its days (they are never read), and keeps the others', async () => {
    const reader = await member();
    const author = await member();
    await follow(reader, author);
    const recent = await post(author, 0);
    const old = await post(author, (TIMELINE_DAYS + 1) * DAY_MS);
    // As if copied when it was new.
    await t.context.db.insert(timelineEntries).values({
      memberId: reader,
      postId: old,
      authorId: author,
      createdAt: new Date(Date.now() - (TIMELINE_DAYS + 1) * DAY_MS),
    });
    expect(await timelineOf(reader)).toEqual([recent, old].sort());
    expect(await deleteTimelineRowsPastTheirDays(t.context)).toBeGreaterThanOrEqual(1);
    expect(await timelineOf(reader)).toEqual([recent]);
  });

  it('finds an ended follow’s rows by member and author, not by reading the follower’s whole timeline', async () => {
    // The statement of migration 0028's trigger on follows, for a member with a long timeline.
    const plan = await customPlan(t.context.db, {
      text: 'delete from timeline_entries where member_id = $1 and author_id = $2',
      params: [viewerId, followed[0]],
    });
    expect(plan).toContain('timeline_entries_author_member');
  });

  it('loses a deleted post’s rows with it', async () => {
    const reader = await member();
    const author = await member();
    await follow(reader, author);
    const written = await post(author, 0);
    expect(await timelineOf(reader)).toEqual([written]);
    await t.context.db.delete(posts).where(eq(posts.id, written));
    expect(await timelineOf(reader)).toEqual([]);
  });

  it('lets no read-time author’s older post fill a page ahead of the viewer’s rows its walk did not read (past TIMELINE_WALK_MAX it may not see)', async () => {
    const reader = await member();
    const [muted, quiet, popular] = [await member(), await member(), await member()];
    for (const id of [muted, quiet, popular]) await follow(reader, id);
    // The popular member's 25 posts are read at read time (as if past the threshold).
    await t.context.db
      .update(memberStats)
      .set({ timelinePulled: true })
      .where(eq(memberStats.userId, popular));
    const older = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post(popular, 3 * DAY_MS + i * 1000)),
    );
    const quietPost = await post(quiet, 2 * DAY_MS);
    // 6,000 newer rows the reader does not see: a muted member's posts.
    await t.context.db.execute(sql`
      insert into posts (author_id, title, privacy, created_at)
      select ${muted}::uuid, 'Muted', 'public', now() - interval '1 day' + n * interval '1 second'
      from generate_series(1, 6000) as n`);
    await t.context.db.insert(mutes).values({ muterId: reader, mutedId: muted });
    const [first] = await allPages(reader, true);
    expect(first).toEqual([quietPost, ...older.slice(0, 19)]);
    expect(await allPages(reader, true)).toEqual(await allPages(reader, false));
  });

  it(`reads an author followed by more than ${TIMELINE_PUSH_MAX_FOLLOWERS} at read time from then on, for good, with no post twice`, async () => {
    const reader = await member();
    const popular = await member();
    await follow(reader, popular);
    const before = await post(popular, 60_000);
    expect(await timelineOf(reader)).toEqual([before]);
    const fans = await insertMembersInBulk(t.context.db, 'fan', TIMELINE_PUSH_MAX_FOLLOWERS);
    for (let start = 0; start < fans.length; start += 500) {
      await t.context.db
        .insert(follows)
        .values(
          fans.slice(start, start + 500).map((id) => ({ followerId: id, followeeId: popular })),
        );
    }
    const pulled = async () =>
      (
        await t.context.db
          .select({ pulled: memberStats.timelinePulled })
          .from(memberStats)
          .where(eq(memberStats.userId, popular))
      )[0]?.pulled;
    expect(await pulled()).toBe(true);
    const after = await post(popular, 0);
    // The new post is copied to no one; the reader sees both posts once.
    const copies = await t.context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(timelineEntries)
      .where(eq(timelineEntries.postId, after));
    expect(copies[0]?.n).toBe(0);
    expect((await allPages(reader, true)).flat()).toEqual([after, before]);
    // Down to one follower again: still read at read time (its posts since were never copied).
    await t.context.db
      .delete(follows)
      .where(and(eq(follows.followeeId, popular), sql`${follows.followerId} <> ${reader}`));
    expect(await pulled()).toBe(true);
    expect((await allPages(reader, true)).flat()).toEqual([after, before]);
    // A new follower reads them too, with nothing copied.
    const late = await member();
    await follow(late, popular);
    expect(await timelineOf(late)).toEqual([]);
    expect((await allPages(late, true)).flat()).toEqual([after, before]);
  });
});

describe('People You Follow’s timeline, a post and a follow at the same time', () => {
  for (const first of ['post', 'follow'] as const) {
    it(`copies the post to the new follower when the ${first} commits first`, async ({ skip }) => {
      // PGlite runs one transaction at a time: there the two cannot overlap.
      if (t.context.database.engine !== 'postgres') skip();
      const author = await member();
      const reader = await member();
      let postId: string | undefined;
      const writePost = async (db: typeof t.context.db) => {
        const [row] = await db
          .insert(posts)
          .values({ authorId: author, title: 'At the same time', privacy: 'public' })
          .returning({ id: posts.id });
        postId = row!.id;
      };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const written = new Promise<void>((resolve) => (started = resolve));
      const firstTransaction = t.context.db.transaction(async (tx) => {
        if (first === 'post') await writePost(tx as unknown as typeof t.context.db);
        else await tx.insert(follows).values({ followerId: reader, followeeId: author });
        started();
        await held;
      });
      await written;
      // Started now (a query builder runs only once awaited).
      const second = first === 'post' ? follow(reader, author) : writePost(t.context.db);
      await untilAnotherWaitsForALock(t.context.db);
      release();
      await firstTransaction;
      await second;
      expect(await timelineOf(reader)).toEqual([postId]);
    });
  }
});
