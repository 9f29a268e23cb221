import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { nameSearchColumns } from './names.js';
import { analyzeUsers, explainSearch } from './search-diagnostics.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const firstNames = ['Anna', 'Boris', 'Chloé', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hugo'];
  const rows = Array.from({ length: 2000 }, (_, index) => {
    const firstName = `${firstNames[index % firstNames.length]}${index}`;
    const lastName = `Family${(index * 7919) % 2000}`;
    return {
      email: `seed-${index}@example.com`,
      username: `seed-${index}@example.com`,
      passwordHash: 'x',
      // Verified, as every member search can find (unverified sign-ups are hidden from others).
      emailVerifiedAt: new Date(),
      firstName,
      lastName,
      ...nameSearchColumns(firstName, lastName),
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await t.context.db.insert(users).values(rows.slice(start, start + 500));
  }
  await analyzeUsers(t.context.db);
});
afterAll(async () => {
  await t.close();
});

describe('member search uses the name indexes', () => {
  const page = { searcherId: '3b241101-e2bb-4255-8caf-4136c566a962', limit: 10, offset: 0 };

  it('reads a page from the name-ordered indexes, only as far as the page reaches', async () => {
    // "anna" matches 250 of the 2,000 first names: a page of 10 reads 10 of them, in index order.
    const plan = await explainSearch(
      t.context.db,
      { ...page, query: 'Anna' },
      { seqscan: false, analyze: true },
    );
    expect(plan).toMatch(/Index Scan using users_search_full_name/);
    expect(plan).toMatch(/Index Scan using users_search_last_name/);
    expect(plan).not.toMatch(/Seq Scan on users|Bitmap Heap Scan on users/);
    const rowsRead = [
      ...plan.matchAll(/Index Scan using users_search_\w+ on users.*rows=(\d+)/g),
    ].map((match) => Number(match[1]));
    expect(rowsRead).toHaveLength(4);
    for (const rows of rowsRead) expect(rows).toBeLessThanOrEqual(page.offset + page.limit);
  });

  it('answers the count query from the same indexes', async () => {
    const plan = await explainSearch(
      t.context.db,
      { ...page, query: 'family12' },
      { seqscan: false, count: true },
    );
    expect(plan).toMatch(/users_name_search_prefix/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('uses the index on its own for a selective prefix, without disabling anything', async () => {
    const plan = await explainSearch(t.context.db, { ...page, query: 'Greta1234 fam' });
    expect(plan).toMatch(/Index Scan using users_search_full_name/);
  });
});
