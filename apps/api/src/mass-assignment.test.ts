import { randomUUID } from 'node:crypto';
import { routeKey } from '@kindred/contracts/api-routes';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComment, buildFollow, buildPost } from './features/posts/test-factories.js';
import { plainJpeg, uploadPhotos, validProfile } from './features/profiles/test-fixtures.js';
import { createTestApp, type TestApp } from './test/app.js';
import {
  buildWorld,
  ROUTE_CASES,
  ROUTES,
  sendAttempt,
  type World,
} from './test/authorization-matrix.js';
import { newSignup } from './test/account-entry.js';

/**
 * Mass assignment (issue 19): every write route of the table, sent by the owner on their own things
 * (so it would succeed) with fields a client must never set. Whatever the answer (the extras
 * ignored, or a 4xx), none of them is stored: no row takes the ids, dates or counters sent, no one
 * gains a plan, role, status or badge, and nothing is written under another member's id.
 */

const INJECTED_ID = randomUUID();
const INJECTED_COUNT = 987_654_321;
const INJECTED_DATE = '2001-02-03T04:05:06.000Z';

function extras(victimId: string) {
  return {
    _id: INJECTED_ID,
    id: INJECTED_ID,
    userId: victimId,
    authorId: victimId,
    ownerId: victimId,
    followerId: victimId,
    verifiedBadge: true,
    phoneVerified: true,
    plan: 'professional',
    role: 'admin',
    status: 'suspended',
    subscriptionStatus: 'active',
    createdAt: INJECTED_DATE,
    updatedAt: INJECTED_DATE,
    likes: INJECTED_COUNT,
    likesCount: INJECTED_COUNT,
    commentsCount: INJECTED_COUNT,
  };
}

const factories = { buildComment, buildFollow, buildPost, plainJpeg, uploadPhotos, validProfile };

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t, factories);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.context.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

async function tableNames(): Promise<string[]> {
  const listed = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return listed.map((row) => row.table_name).filter((name) => !name.startsWith('__'));
}

/** Per table, how many rows mention each marker anywhere in their text. */
async function markerCounts(victimId: string): Promise<Record<string, number[]>> {
  const markers = [INJECTED_ID, String(INJECTED_COUNT), '2001-02-03', victimId];
  const names = await tableNames();
  const query = names
    .map(
      (name) =>
        `select '${name}' as name, ${markers
          .map(
            (marker) =>
              `count(*) filter (where r::text like '%${marker}%')::int as m${markers.indexOf(marker)}`,
          )
          .join(', ')} from "${name}" r`,
    )
    .join(' union all ');
  const found = await rows<Record<string, number | string>>(sql.raw(query));
  return Object.fromEntries(
    found.map((row) => [String(row.name), markers.map((_, index) => Number(row[`m${index}`]))]),
  );
}

/** What no client may grant: counted over every member. */
async function privileges() {
  const [counts] = await rows<Record<string, number>>(sql`
    select count(*) filter (where role <> 'member')::int as roles,
           count(*) filter (where plan = 'professional')::int as professional,
           count(*) filter (where status = 'suspended')::int as suspended,
           count(*) filter (where subscription_status = 'active')::int as active_subscriptions
    from users`);
  return counts;
}

/** What a route grants by design (completing a checkout activates the plan bought). */
const GRANTED_BY_DESIGN: Record<string, readonly string[]> = {
  'POST /api/subscription/checkout/test/:sessionId/complete': ['active_subscriptions'],
};

const writes = ROUTES.filter((route) => route.method !== 'GET');

describe('mass assignment: every write route, with fields a client must never set', () => {
  it('covers every write route of the table', () => {
    expect(writes.length).toBeGreaterThanOrEqual(40);
    expect(writes.map(routeKey).filter((key) => !(key in ROUTE_CASES))).toEqual([]);
  });

  it.each(writes.map((route) => [routeKey(route), route] as const))(
    '%s stores none of them',
    async (key, route) => {
      const victim = w.members.stranger!;
      const routeCase = ROUTE_CASES[key]!;
      const attempt = await routeCase.attempt(w, 'owner');
      // A route's own grant (completing a checkout activates the plan) is not the extras' doing.
      const granted = GRANTED_BY_DESIGN[key] ?? [];
      const counted = async () =>
        Object.fromEntries(
          Object.entries((await privileges())!).filter(([name]) => !granted.includes(name)),
        );
      const before = { markers: await markerCounts(victim.user.id), privileges: await counted() };
      const res = await sendAttempt(
        t,
        route.method,
        { ...attempt, body: { ...(attempt.body ?? {}), ...extras(victim.user.id) } },
        w.owner.cookie,
      );
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      const after = { markers: await markerCounts(victim.user.id), privileges: await counted() };
      expect(after).toEqual(before);
    },
    30_000,
  );

  it('a sign-up with every extra field makes a plain member', async () => {
    const victim = w.members.stranger!;
    const body = { ...newSignup(), ...extras(victim.user.id) };
    const res = await request(t.app).post('/api/users/signup').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [created] = await rows<Record<string, unknown>>(
      sql`select id, role, plan, status, subscription_status, phone_verified_at, created_at
          from users where email = ${body.email}`,
    );
    expect(created!.id).not.toBe(INJECTED_ID);
    expect(created!.id).not.toBe(victim.user.id);
    expect(created).toMatchObject({ role: 'member', status: 'active', phone_verified_at: null });
    expect(created!.plan).not.toBe('professional');
    expect(new Date(String(created!.created_at)).toISOString()).not.toBe(INJECTED_DATE);
  });
});
