import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { pageVisiblePosts } from './repo.js';
import { inlineParams } from '../../test/explain.js';

/**
 * People You Follow (issue 18): with the planner's default settings — those production runs with —
 * the page is read by walking posts_created_id through a window of the newest posts, never by
 * reading every post of every followed member and sorting them (the plan production chose while
 * a test with enable_sort = off passed). And the window changes no page.
 */

let t: TestApp;
let viewerId: string;
beforeAll(async () => {
  t = await createTestApp();
  const viewer = await buildUser(t.context);
  viewerId = viewer.id;
  // 50 followed members among 150, 8 posts each, 30 s apart, some for followers only.
  const start = t.clock.now().getTime();
  const members: { id: string }[] = [];
  for (let i = 0; i < 150; i += 10) {
    members.push(...(await Promise.all(Array.from({ length: 10 }, () => buildUser(t.context)))));
  }
  await t.context.db
    .insert(follows)
    .values(
      members.slice(0, 50).map((member) => ({ followerId: viewerId, followeeId: member.id })),
    );
  await t.context.db.insert(posts).values(
    members.flatMap((member, m) =>
      Array.from({ length: 8 }, (_, i) => ({
        authorId: member.id,
        title: `Post ${m}/${i}`,
        privacy: i % 3 === 0 ? ('followers' as const) : ('public' as const),
        createdAt: new Date(start - (m * 8 + i) * 30_000),
      })),
    ),
  );
  await t.context.db.execute(sql`analyze`);
});
afterAll(async () => {
  await t.close();
});

async function firstStatementPlan(after?: { time: string; id: string }): Promise<string> {
  let captured: { text: string; params: unknown[] } | undefined;
  const stop = t.context.database.onQuery((text, params) => {
    captured ??= { text, params };
  });
  try {
    await pageVisiblePosts(t.context.db, viewerId, { kind: 'following' }, { after, limit: 20 });
  } finally {
    stop();
  }
  // The planner's defaults: no setting nudges it.
  const result = await t.context.db.execute(
    sql.raw(`explain ${inlineParams(captured!.text, captured!.params)}`),
  );
  return (result as unknown as { rows: Record<string, string>[] }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
}

describe('People You Follow', () => {
  it('walks the newest posts by date under the default planner settings, on page 1 and later', async () => {
    const first = await pageVisiblePosts(
      t.context.db,
      viewerId,
      { kind: 'following' },
      { after: undefined, limit: 20 },
    );
    const last = first[19]!;
    for (const after of [undefined, { time: last.keysetTime, id: last.id }]) {
      const plan = await firstStatementPlan(after);
      expect(plan).toContain('posts_created_id');
      expect(plan).not.toContain('posts_author_created_id');
      expect(plan).not.toMatch(/Seq Scan on posts/);
    }
  });

  it('gives the same pages whether the window holds a page or falls back to all posts', async () => {
    const pages = async (recentWindow: number) => {
      const ids: string[][] = [];
      let after: { time: string; id: string } | undefined;
      for (;;) {
        const rows = await pageVisiblePosts(
          t.context.db,
          viewerId,
          { kind: 'following' },
          { after, limit: 20, recentWindow },
        );
        const page = rows.slice(0, 20);
        ids.push(page.map((row) => row.id));
        if (rows.length <= 20) return ids;
        after = { time: page[19]!.keysetTime, id: page[19]!.id };
      }
    };
    const wide = await pages(100_000);
    expect(wide.flat()).toHaveLength(50 * 8);
    // Windows too small for a page (falls back), and ones that hold some pages but not others.
    expect(await pages(5)).toEqual(wide);
    expect(await pages(150)).toEqual(wide);
  });
});
