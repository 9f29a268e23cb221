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

  it('answers the page query from users_name_search_prefix (and the last-name index)', async () => {
    const plan = await explainSearch(t.context.db, { ...page, query: 'Chlo' }, { seqscan: false });
    expect(plan).toMatch(/(Index|Bitmap Index) Scan (using|on) users_name_search_prefix/);
    expect(plan).toMatch(/users_last_name_search_prefix/);
    expect(plan).not.toMatch(/Seq Scan on users/);
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
    expect(plan).toMatch(/users_name_search_prefix/);
  });
});
