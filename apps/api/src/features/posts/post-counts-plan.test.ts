import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, postStats } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { captureStatements, planChoices } from '../../test/explain.js';
import { buildUser } from '../../test/factories.js';
import { loadPostCounts } from './repo.js';

/**
 * A page's counts are one prepared statement (`post_counts`) whatever the number of posts: it must
 * keep one plan, not be planned anew at every execution (issue 18's plan-cache trap).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a page's counts (post_counts)", () => {
  it('keep their generic plan on a connection whose pages show only a few posts', async () => {
    // PostgreSQL plans a prepared statement for its first five executions' values, then keeps
    // planning it per execution while the generic plan is estimated dearer than those. A post id
    // list compared with `= any` is estimated at its length in a plan for the values and at ten
    // in the generic plan, so where many posts have counters (here 60,000, as on the benchmark's
    // data) a connection that counted profiles with two posts planned every execution anew.
    const author = await buildUser(t.context);
    const viewer = await buildUser(t.context);
    await t.context.db.execute(sql`
      insert into ${posts} (author_id, title, privacy)
      select ${author.id}, 'Post ' || n, 'public' from generate_series(1, 60000) n`);
    // Counters as likes would leave them (a post has its row from its first like or comment).
    await t.context.db.execute(sql`
      insert into ${postStats} (post_id, likes_count) select ${posts.id}, 3 from ${posts}`);
    await t.context.db.execute(sql`analyze`);
    const postIds = (
      await t.context.db
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.authorId, author.id))
        .limit(2)
    ).map((post) => post.id);

    const { statements: captured } = await captureStatements(t.context.database, () =>
      loadPostCounts(t.context.db, viewer.id, postIds),
    );
    expect(captured).toHaveLength(1);
    const runs = 8;
    // Five plans for the first five executions' values, then the one generic plan.
    expect(await planChoices(t.context.db, captured[0]!, runs)).toEqual({
      custom: 5,
      generic: runs - 5,
    });
  });
});
