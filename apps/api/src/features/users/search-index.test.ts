import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { nameSearchColumns } from './names.js';
import { analyzeUsers, explainPlannedSearch, explainSearch } from './search-diagnostics.js';

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

  it('keeps one plan for every prefix: the named statement reads the name indexes as ranges of parameters', async () => {
    for (const mentionable of [false, true]) {
      const plan = await explainPlannedSearch(
        t.context.db,
        { ...page, query: 'Anna', mentionable },
        { seqscan: false },
      );
      // Each read is a range of an index (in index order, or a bitmap where the table is small).
      // A LIKE of a parameter is no index condition: each scan would read its whole index.
      expect(plan).toMatch(
        /(?:using|on) users_search_full_name[^\n]*\n\s*Index Cond: \(\(search_rank = \$\d+\) AND \(\(name_search\)::text >= \$\d+\) AND \(\(name_search\)::text < \$\d+\)/,
      );
      expect(plan).toMatch(
        /(?:using|on) users_search_last_name[^\n]*\n\s*Index Cond: \(\(search_rank = \$\d+\) AND \(\(last_name_search\)::text >= \$\d+\) AND \(\(last_name_search\)::text < \$\d+\)/,
      );
      expect(plan).not.toMatch(/Seq Scan on users/);
      if (!mentionable) {
        // The count: a BitmapOr of the two prefix indexes' ranges.
        expect(plan).toMatch(
          /Index Cond: \(\(name_search ~>=~ \$\d+\) AND \(name_search ~<~ \$\d+\)\)/,
        );
        expect(plan).toMatch(
          /Index Cond: \(\(last_name_search ~>=~ \$\d+\) AND \(last_name_search ~<~ \$\d+\)\)/,
        );
      }
    }
  });

  it('uses the index on its own for a selective prefix, without disabling anything', async () => {
    const plan = await explainSearch(t.context.db, { ...page, query: 'Greta1234 fam' });
    expect(plan).toMatch(/Index Scan using users_search_full_name/);
  });
});
