import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildComment, buildFollow, buildLike, buildPost } from '../posts/test-factories.js';
import { captureStatements, explainWithoutSeqScans, inlineParams } from '../../test/explain.js';

/**
 * The block and mute clauses are part of every member query, so each must be served by an index —
 * a lookup of the primary key per row (blocker_id, blocked_id) / (muter_id, muted_id), or the
 * viewer's blocks (mutes) read once from blocks_blocker_created and blocks_blocked
 * (mutes_muter_created) and hashed — never a scan of the table. With sequential scans priced out
 * the planner still scans if no index serves the clause, so the plans of the statements behind the
 * feeds, comments, search, lists and profiles must show no scan of either table.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('block and mute clauses in query plans', () => {
  it('are served by their indexes in every statement that reads members, never by a scan', async () => {
    const viewer = await signedInUser(t.context);
    const other = await signedInUser(t.context, { firstName: 'Planned' });
    await buildFollow(t.context, viewer.user.id, other.user.id);
    const post = await buildPost(t.context, other.user.id);
    await buildComment(t.context, { postId: post.id, authorId: other.user.id });

    const { statements: sent } = await captureStatements(t.context.database, async () => {
      for (const url of [
        '/api/posts',
        `/api/posts/following/${viewer.user.id}`,
        `/api/posts/${post.id}/comments`,
        '/api/users/search?searchText=Planned',
        `/api/connections/followers/${other.user.id}`,
        `/api/profile/${other.user.id}`,
      ]) {
        await request(t.app).get(url).set('Cookie', viewer.cookie);
      }
    });
    const statements = sent.filter(
      ({ text }) => /"(blocks|mutes)"/.test(text) && /^\s*(select|with)/i.test(text),
    );

    expect(statements.length).toBeGreaterThanOrEqual(6);
    const plans: string[] = [];
    for (const statement of statements) {
      const plan = await explainWithoutSeqScans(t.context.db, statement.text, statement.params);
      expect(plan, statement.text).not.toMatch(/Seq Scan on (blocks|mutes)\b/);
      plans.push(plan);
    }
    // (A statement about the viewer alone loses the clause to the planner: `id = viewer or …`.)
    const served = plans.join('\n');
    expect(served).toMatch(/blocks_blocker_id_blocked_id_pk|blocks_blocked|blocks_blocker_created/);
    expect(served).toMatch(/mutes_muter_id_muted_id_pk|mutes_muter_created/);
  });

  it("reads the viewer's blocks once per statement, however many members a feed page shows", async () => {
    // The rule sits inside an OR (`id = viewer or …`), where a per-row NOT EXISTS searched
    // `blocks` once for every member row: on the embedded engine each search asks the file system
    // for the table's size (issue 18). The viewer's two block lists are read once and hashed.
    const viewer = await signedInUser(t.context);
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    for (let n = 0; n < 4; n += 1) {
      const liker = await signedInUser(t.context);
      await buildLike(t.context, post.id, liker.user.id);
      await buildComment(t.context, { postId: post.id, authorId: liker.user.id });
    }
    // Statistics as autovacuum (or the seed) leaves them: `blocks` known to be empty, the case
    // where the planner found a search per row cheapest.
    await t.context.db.execute(sql`analyze`);

    const { result: response, statements: sent } = await captureStatements(t.context.database, () =>
      request(t.app).get('/api/posts').set('Cookie', viewer.cookie),
    );
    expect(response.status).toBe(200);
    const statements = sent.filter(
      ({ text }) => /"blocks"/.test(text) && /^\s*(select|with)/i.test(text),
    );

    // The page with its authors, then the like and comment counts: both carry the rule.
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      const result = await t.context.db.execute(
        sql.raw(`explain (analyze, format json) ${inlineParams(statement.text, statement.params)}`),
      );
      const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const planJson = Object.values(row!)[0];
      const [plan] = (typeof planJson === 'string' ? JSON.parse(planJson) : planJson) as {
        Plan: PlanNode;
      }[];
      for (const node of nodesOn(plan!.Plan, 'blocks')) {
        expect(node['Actual Loops'], statement.text).toBeLessThanOrEqual(1);
      }
    }
  });
});

async function loopsOnEachStatement(viewerCookie: string, relation: string) {
  const { result: response, statements: sent } = await captureStatements(t.context.database, () =>
    request(t.app).get('/api/posts').set('Cookie', viewerCookie),
  );
  expect(response.status).toBe(200);
  const statements = sent.filter(
    ({ text }) => text.includes(`"${relation}"`) && /^\s*(select|with)/i.test(text),
  );
  const loops: { text: string; loops: number }[] = [];
  for (const statement of statements) {
    const result = await t.context.db.execute(
      sql.raw(`explain (analyze, format json) ${inlineParams(statement.text, statement.params)}`),
    );
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const planJson = Object.values(row!)[0];
    const [plan] = (typeof planJson === 'string' ? JSON.parse(planJson) : planJson) as {
      Plan: PlanNode;
    }[];
    for (const node of nodesOn(plan!.Plan, relation))
      loops.push({ text: statement.text, loops: node['Actual Loops'] ?? 0 });
  }
  return { statements, loops };
}

describe('mute clauses in query plans', () => {
  it("reads the viewer's mutes once per statement, however many comments a feed page counts", async () => {
    // A comment's author is checked inside an OR (`author_id is null or …`), where a NOT EXISTS
    // searched `mutes` once for every comment: on the embedded engine each search asks the file
    // system for the table's size (issue 18). The viewer's mutes are read once and hashed.
    const viewer = await signedInUser(t.context);
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    for (let n = 0; n < 4; n += 1) {
      const commenter = await signedInUser(t.context);
      const comment = await buildComment(t.context, {
        postId: post.id,
        authorId: commenter.user.id,
      });
      await buildComment(t.context, {
        postId: post.id,
        authorId: commenter.user.id,
        parentId: comment.id,
      });
    }
    await t.context.db.execute(sql`analyze`);

    const { statements, loops } = await loopsOnEachStatement(viewer.cookie, 'mutes');
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const node of loops) expect(node.loops, node.text).toBeLessThanOrEqual(1);
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodesOn(node: PlanNode, relation: string): PlanNode[] {
  const own = node['Relation Name'] === relation ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => nodesOn(child, relation))];
}
