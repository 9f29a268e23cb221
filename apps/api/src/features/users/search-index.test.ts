import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { nameSearchColumns } from './names.js';
import { explainPlannedSearch, explainSearch } from './search-diagnostics.js';

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
  // Statistics and the visibility map, as autovacuum keeps them: an index-only scan reads the
  // table only for pages changed since the last vacuum.
  await t.context.db.execute(sql`VACUUM ANALYZE users`);
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
    expect(plan).toMatch(/Index (?:Only )?Scan using users_search_full_name/);
    expect(plan).toMatch(/Index (?:Only )?Scan using users_search_last_name/);
    expect(plan).not.toMatch(/Seq Scan on users|Bitmap Heap Scan on users/);
    const rowsRead = [
      ...plan.matchAll(/Index (?:Only )?Scan using users_search_\w+ on users.*rows=(\d+)/g),
    ].map((match) => Number(match[1]));
    expect(rowsRead).toHaveLength(4);
    for (const rows of rowsRead) expect(rows).toBeLessThanOrEqual(page.offset + page.limit);
  });

  it("reads member rows for the page's members only, after the page is cut", async () => {
    // Page 3 of "anna": the groups read 30 index entries; 10 members' rows are read.
    const plan = await explainSearch(
      t.context.db,
      { ...page, query: 'Anna', offset: 20 },
      { seqscan: false, analyze: true },
    );
    const summaryReads = [...plan.matchAll(/Index Scan using users_pkey on users.*loops=(\d+)/g)];
    expect(summaryReads).toHaveLength(1);
    expect(Number(summaryReads[0]![1])).toBe(page.limit);
  });

  it('counts from the same indexes alone (index-only), stopping one past the cap', async () => {
    // "anna" matches 250 members; the count reads its four groups' ranges of the indexes of
    // findable members, checks the searcher's blocks on the ids read there, and stops at 1,001.
    const plan = await explainSearch(
      t.context.db,
      { ...page, query: 'anna' },
      { seqscan: false, count: true, analyze: true },
    );
    const scans = [...plan.matchAll(/(\w[\w ]*Scan)(?: using (\w+))? on users\b.*rows=(\d+)/g)];
    // One scan per group; for a rank with few members either index may serve the range.
    expect(scans).toHaveLength(4);
    for (const [line, kind, index] of scans) {
      expect(`${kind} ${index}`, line).toMatch(/^Index Only Scan users_search_(full|last)_name$/);
    }
    expect(plan).not.toMatch(/privacy_settings/);
    const rowsRead = scans.reduce((sum, [, , , rows]) => sum + Number(rows), 0);
    expect(rowsRead).toBe(250);
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
        /(?:using|on) users_search_full_name[^\n]*\n\s*Index Cond: \(\(search_rank = \$\d+\) AND \(\(?name_search\)?(?:::text)? >= \$\d+\) AND \(\(?name_search\)?(?:::text)? < \$\d+\)/,
      );
      expect(plan).toMatch(
        /(?:using|on) users_search_last_name[^\n]*\n\s*Index Cond: \(\(search_rank = \$\d+\) AND \(\(?last_name_search\)?(?:::text)? >= \$\d+\) AND \(\(?last_name_search\)?(?:::text)? < \$\d+\)/,
      );
      expect(plan).not.toMatch(/Seq Scan on users/);
      if (!mentionable) {
        // The count: the same four ranges again, from the indexes alone (and the page's reads
        // may be index-only too); nobody's privacy settings are read.
        expect(
          plan.match(/Index Only Scan using users_search_\w+ on users/g)?.length ?? 0,
        ).toBeGreaterThanOrEqual(4);
        expect(plan).not.toMatch(/Bitmap Heap Scan on users|privacy_settings/);
      }
    }
  });

  it('uses the index on its own for a selective prefix, without disabling anything', async () => {
    const plan = await explainSearch(t.context.db, { ...page, query: 'Greta1234 fam' });
    expect(plan).toMatch(/Index (?:Only )?Scan using users_search_full_name/);
  });
});
