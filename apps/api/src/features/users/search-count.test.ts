import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { nameSearchColumns } from './names.js';
import { countMatchingMembersQuery } from './repo.js';

/**
 * Search suggestions count their matches only up to a cap ("View All (1000+)"): counting every
 * member whose name starts with two letters read 17,868 rows per keystroke (issue 18).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const rows = Array.from({ length: 30 }, (_, index) => {
    const firstName = `Capucine${index}`;
    const lastName = 'Counted';
    return {
      email: `capped-${index}@example.com`,
      username: `capped-${index}@example.com`,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      firstName,
      lastName,
      ...nameSearchColumns(firstName, lastName),
    };
  });
  await t.context.db.insert(users).values(rows);
});
afterAll(async () => {
  await t.close();
});

describe('the search count', () => {
  it('stops reading at the cap, one row past it', async () => {
    const searcher = await signedInUser(t.context);
    const query = countMatchingMembersQuery(t.context.db, 'capu', searcher.user.id, 10);
    const [row] = await query;
    expect(row?.total).toBe(11);
    const { sql: text, params } = query.toSQL();
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
    const result = await t.context.db.execute(sql.raw(`explain ${inlined}`));
    const plan = (result as unknown as { rows: Record<string, string>[] }).rows
      .map((planRow) => Object.values(planRow)[0])
      .join('\n');
    expect(plan).toMatch(/Aggregate[\s\S]*Limit/);
  });

  it('answers the exact count under the cap, and says it is not capped', async () => {
    const searcher = await signedInUser(t.context);
    const res = await request(t.app)
      .get('/api/users/search')
      .query({ searchText: 'capu', page: 1, limit: 10 })
      .set('Cookie', searcher.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 30, totalCountCapped: false });
    expect(res.body.suggestions).toHaveLength(10);
  });
});
