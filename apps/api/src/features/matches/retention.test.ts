import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePasses, profileVisits } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { deleteExpiredPassesAndVisits } from './index.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function daysAgo(days: number): Date {
  return new Date(t.clock.now().getTime() - days * DAY);
}

async function pass(passerId: string, passedId: string, at: Date) {
  await t.context.db.insert(profilePasses).values({ passerId, passedId, createdAt: at });
}

async function visit(visitorId: string, visitedId: string, at: Date) {
  await t.context.db
    .insert(profileVisits)
    .values({ visitorId, visitedId, day: at.toISOString().slice(0, 10), visitedAt: at });
}

async function passExists(passerId: string, passedId: string) {
  const rows = await t.context.db
    .select()
    .from(profilePasses)
    .where(and(eq(profilePasses.passerId, passerId), eq(profilePasses.passedId, passedId)));
  return rows.length === 1;
}

async function visitDays(visitorId: string) {
  const rows = await t.context.db
    .select({ day: profileVisits.day })
    .from(profileVisits)
    .where(eq(profileVisits.visitorId, visitorId));
  return rows.map((row) => row.day).sort();
}

describe('retention of passes and visits', () => {
  it('deletes passes older than 30 days and visits older than 90, as the clock moves on', async () => {
    const [a, b, c] = await Promise.all([
      buildUser(t.context),
      buildUser(t.context),
      buildUser(t.context),
    ]);
    await pass(a.id, b.id, daysAgo(31));
    await pass(a.id, c.id, daysAgo(29));
    await pass(b.id, a.id, daysAgo(30 - 1 / 24));
    const old = daysAgo(91);
    const recent = daysAgo(89);
    await visit(a.id, b.id, old);
    await visit(a.id, b.id, recent);

    expect(await deleteExpiredPassesAndVisits(t.context)).toEqual({ passes: 1, visits: 1 });
    expect(await passExists(a.id, b.id)).toBe(false);
    expect(await passExists(a.id, c.id)).toBe(true);
    expect(await passExists(b.id, a.id)).toBe(true);
    expect(await visitDays(a.id)).toEqual([recent.toISOString().slice(0, 10)]);

    // Nothing more is due until time passes.
    expect(await deleteExpiredPassesAndVisits(t.context)).toEqual({ passes: 0, visits: 0 });
    t.clock.advance(2 * DAY);
    expect(await deleteExpiredPassesAndVisits(t.context)).toEqual({ passes: 2, visits: 1 });
    expect(await passExists(a.id, c.id)).toBe(false);
    expect(await visitDays(a.id)).toEqual([]);
  });

  it('deletes every expired row exactly once when several runs sweep at the same time', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => buildUser(t.context)));
    let expired = 0;
    for (const passer of members) {
      for (const passed of members) {
        if (passer.id === passed.id) continue;
        await pass(passer.id, passed.id, daysAgo(40));
        expired += 1;
      }
    }
    const keptPasser = members[0]!;
    const runs = await Promise.all(
      Array.from({ length: 3 }, () => deleteExpiredPassesAndVisits(t.context)),
    );
    expect(runs.reduce((sum, run) => sum + run.passes, 0)).toBe(expired);
    const left = await t.context.db
      .select()
      .from(profilePasses)
      .where(eq(profilePasses.passerId, keptPasser.id));
    expect(left).toEqual([]);
  });
});
