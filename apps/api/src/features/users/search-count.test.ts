import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blocks, privacySettings, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, signedInUser } from '../../test/factories.js';
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

  it('counts exactly the members each searcher may find: blocks both ways, disabled, unverified, hidden', async () => {
    const named = (index: number) => ({ firstName: `Exacto${index}`, lastName: 'Counted' });
    const searcher = await signedInUser(t.context, named(0));
    const stranger = await signedInUser(t.context, { firstName: 'Stranger', lastName: 'Other' });
    const members = [];
    for (let index = 1; index <= 11; index += 1)
      members.push(await buildUser(t.context, named(index)));
    const [blocked, blocking, disabled, unverified, hidden, shownAgain] = members;
    await t.context.db.insert(blocks).values([
      { blockerId: searcher.user.id, blockedId: blocked!.id },
      { blockerId: blocking!.id, blockedId: searcher.user.id },
    ]);
    await t.context.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled!.id));
    await t.context.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, unverified!.id));
    // Hiding from search is a privacy setting; users.searchable follows it (migration 0026).
    await t.context.db.insert(privacySettings).values([
      { userId: hidden!.id, searchable: false },
      { userId: shownAgain!.id, searchable: false },
    ]);
    await t.context.db
      .update(privacySettings)
      .set({ searchable: true })
      .where(eq(privacySettings.userId, shownAgain!.id));

    const search = async (cookie: string) => {
      const res = await request(t.app)
        .get('/api/users/search')
        .query({ searchText: 'exacto', page: 1, limit: 20 })
        .set('Cookie', cookie);
      expect(res.status).toBe(200);
      return res.body as {
        totalCount: number;
        totalCountCapped: boolean;
        suggestions: { _id: string }[];
      };
    };
    const ids = (list: { id: string }[]) => list.map((member) => member.id).sort();

    // The searcher: not themself, neither side of a block, no disabled, unverified or hidden one.
    const found = ids(members.slice(5));
    const bySearcher = await search(searcher.cookie);
    expect(bySearcher).toMatchObject({ totalCount: found.length, totalCountCapped: false });
    expect(bySearcher.suggestions.map((member) => member._id).sort()).toEqual(found);
    const [counted] = await countMatchingMembersQuery(t.context.db, 'exacto', searcher.user.id);
    expect(counted?.total).toBe(found.length);

    // Someone else: the searcher and both sides of the blocks too.
    const foundByStranger = ids([searcher.user, blocked!, blocking!, ...members.slice(5)]);
    const byStranger = await search(stranger.cookie);
    expect(byStranger).toMatchObject({
      totalCount: foundByStranger.length,
      totalCountCapped: false,
    });
    expect(byStranger.suggestions.map((member) => member._id).sort()).toEqual(foundByStranger);
  });
});
