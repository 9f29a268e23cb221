import { desc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { pageVisiblePosts, TIMELINE_DAYS } from './repo.js';
import {
  type CapturedStatement,
  captureStatements,
  customPlan,
  genericPlan,
} from '../../test/explain.js';
import { followingFeedPages } from './test-factories.js';

/**
 * People You Follow (issue 18), with the planner's default settings — those production runs with:
 * a page is read by walking posts_created_id from the cursor and stopping at the page, never by
 * reading every post of every followed member and sorting them (the plan production chose while
 * a test with enable_sort = off passed), nor by reading a whole window of posts and sorting it.
 * When the walk finds too few, the page is read per followed member, at most a page from each.
 * The statements keep one generic plan (prepared, their row counts in their text), and no window
 * or way of reading changes a page. These are the ways to pages the timeline does not hold: the
 * posts here are older than its days (TIMELINE_DAYS), so every page first finds the timeline
 * short (timeline.test.ts tests the timeline).
 */

let t: TestApp;
let viewerId: string;
/** Follows 5 of the members with posts: no more than FOLLOWING_MERGE_UP_TO. */
let fewId: string;
let fewIds: string[];
/** Posts the viewer's feed shows: 50 followed members' 8 each, and one prolific member's 40. */
const FEED_POSTS = 50 * 8 + 40;
beforeAll(async () => {
  t = await createTestApp();
  const viewer = await buildUser(t.context);
  viewerId = viewer.id;
  // 50 followed members among 150, 8 posts each, 30 s apart, some for followers only; and one
  // followed member who wrote 40 posts in a row, more than a page.
  const start = t.clock.now().getTime() - (TIMELINE_DAYS + 1) * 24 * 60 * 60_000;
  const members: { id: string }[] = [];
  for (let i = 0; i < 150; i += 10) {
    members.push(...(await Promise.all(Array.from({ length: 10 }, () => buildUser(t.context)))));
  }
  const prolific = await buildUser(t.context);
  // And 100 followed members who never posted: the viewer follows more than
  // FOLLOWING_MERGE_UP_TO, so a page starts with the walk.
  const silent: { id: string }[] = [];
  for (let i = 0; i < 100; i += 10) {
    silent.push(...(await Promise.all(Array.from({ length: 10 }, () => buildUser(t.context)))));
  }
  await t.context.db.insert(follows).values(
    [...members.slice(0, 50), prolific, ...silent].map((member) => ({
      followerId: viewerId,
      followeeId: member.id,
    })),
  );
  const few = await buildUser(t.context);
  fewId = few.id;
  await t.context.db
    .insert(follows)
    .values(members.slice(10, 15).map((member) => ({ followerId: fewId, followeeId: member.id })));
  fewIds = members.slice(10, 15).map((member) => member.id);
  await t.context.db.insert(posts).values([
    ...members.flatMap((member, m) =>
      Array.from({ length: 8 }, (_, i) => ({
        authorId: member.id,
        title: `Post ${m}/${i}`,
        privacy: i % 3 === 0 ? ('followers' as const) : ('public' as const),
        createdAt: new Date(start - (m * 8 + i) * 30_000),
      })),
    ),
    ...Array.from({ length: 40 }, (_, i) => ({
      authorId: prolific.id,
      title: `Prolific ${i}`,
      privacy: 'public' as const,
      createdAt: new Date(start - 5_000_000 - i * 1_000),
    })),
  ]);
  await t.context.db.execute(sql`analyze`);
});
afterAll(async () => {
  await t.close();
});

/** The statements one page runs (the counts' statement is the service's, not run here). */
async function statementsOf(
  after?: { time: string; id: string },
  recentWindow?: number,
): Promise<CapturedStatement[]> {
  const { statements } = await captureStatements(t.context.database, () =>
    pageVisiblePosts(
      t.context.db,
      viewerId,
      { kind: 'following' },
      { after, limit: 20, recentWindow },
    ),
  );
  return statements;
}

async function firstPage() {
  return pageVisiblePosts(
    t.context.db,
    viewerId,
    { kind: 'following' },
    { after: undefined, limit: 20 },
  );
}

describe('People You Follow', () => {
  it('walks the newest posts by date and stops at the page, without a sort or a hash join, in its custom and generic plans, on page 1 and later', async () => {
    const last = (await firstPage())[19]!;
    for (const after of [undefined, { time: last.keysetTime, id: last.id }]) {
      const statements = await statementsOf(after);
      // The timeline's statement, then the walk.
      expect(statements).toHaveLength(2);
      expect(statements[0]!.text).toContain('timeline_entries');
      const walk = statements[1]!;
      for (const plan of [
        await customPlan(t.context.db, walk),
        await genericPlan(t.context.db, walk),
      ]) {
        expect(plan).toMatch(/Limit[^\n]*\n\s*->\s+Index Scan using posts_created_id/);
        expect(plan).not.toContain('posts_author_created_id');
        expect(plan).not.toMatch(/Seq Scan on posts/);
        // A sort or a hash join of the walk means reading all of it, not stopping at the page.
        expect(plan).not.toMatch(/\bSort\b/);
        expect(plan).not.toMatch(/Hash (Semi |Right |Left )?Join/);
        // The viewer's follows, read once and hashed.
        expect(plan).toMatch(/hashed SubPlan/);
      }
      // It stops at the page: 21 rows of the 440 it could walk.
      const analyzed = await customPlan(t.context.db, walk, true);
      const walked = /Index Scan using posts_created_id on posts \w+ \(actual rows=([\d.]+)/.exec(
        analyzed,
      );
      expect(Number(walked?.[1])).toBeLessThan(100);
    }
  });

  it('reads a page per followed member when the walk finds too few: at most a page of each member’s newest posts, in its custom and generic plans', async () => {
    const last = (await firstPage())[19]!;
    for (const after of [undefined, { time: last.keysetTime, id: last.id }]) {
      const statements = await statementsOf(after, 5);
      expect(statements).toHaveLength(3);
      const perFollowed = statements[2]!;
      for (const plan of [
        await customPlan(t.context.db, perFollowed),
        await genericPlan(t.context.db, perFollowed),
      ]) {
        expect(plan).toContain('posts_author_created_id');
        expect(plan).not.toMatch(/Seq Scan on posts/);
      }
      // Each of the 151 followed members is read once, and passes on at most a page (the prolific
      // member's 40 posts included): a limit per member, not one sort of all their posts.
      const analyzed = await customPlan(t.context.db, perFollowed, true);
      expect(analyzed).toMatch(/posts_author_created_id \(actual rows=[\d.]+ loops=151\)/);
      const perMember = /Limit \(actual rows=([\d.]+) loops=151\)/.exec(analyzed);
      expect(Number(perMember?.[1])).toBeLessThanOrEqual(21);
    }
  });

  it('writes its row counts into its statements, so PostgreSQL keeps one generic plan for them', async () => {
    const last = (await firstPage())[19]!;
    for (const after of [undefined, { time: last.keysetTime, id: last.id }]) {
      for (const statement of await statementsOf(after, 5)) {
        // Under `LIMIT $n` a generic plan is priced at a tenth of all its rows: never chosen.
        expect(statement.text).not.toMatch(/limit \$\d+/i);
        expect(statement.text).toMatch(/limit 21\b/);
      }
    }
  });

  it('gives the same pages whether the walk holds a page or reads per followed member, for every page size', async () => {
    const pages = (limit: number, recentWindow?: number) =>
      followingFeedPages(t.context.db, viewerId, { limit, recentWindow });
    const wide = await pages(20, 100_000);
    expect(wide.flat()).toHaveLength(FEED_POSTS);
    // The default walk; walks too short for a page (read per member), and ones that hold some
    // pages but not others.
    expect(await pages(20)).toEqual(wide);
    expect(await pages(20, 5)).toEqual(wide);
    expect(await pages(20, 150)).toEqual(wide);
    // Other page sizes read with the statements written for the next larger size.
    for (const limit of [7, 33, 50]) {
      const flat = wide.flat();
      expect((await pages(limit)).flat()).toEqual(flat);
      expect((await pages(limit, 5)).flat()).toEqual(flat);
    }
  });

  it('reads the page per followed member at once for a member following few, checking first only how many they follow', async () => {
    const { result: rows, statements } = await captureStatements(t.context.database, () =>
      pageVisiblePosts(t.context.db, fewId, { kind: 'following' }, { after: undefined, limit: 20 }),
    );
    expect(statements).toHaveLength(3);
    // The walk's statement stops before reading a post: its follow count gate is false.
    const analyzed = await customPlan(t.context.db, statements[1]!, true);
    expect(analyzed).toMatch(/One-Time Filter/);
    expect(analyzed).toMatch(/posts_created_id[^\n]*\(never executed\)/);
    // The page: the 5 members' 40 posts, newest first.
    const expected = await t.context.db
      .select({ id: posts.id })
      .from(posts)
      .where(inArray(posts.authorId, fewIds))
      .orderBy(desc(posts.createdAt), desc(posts.id));
    expect(rows.map((row) => row.id)).toEqual(expected.slice(0, 21).map((row) => row.id));
  });
});
