import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boosts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  captureStatements,
  explainStatement,
  inlineParams,
  planChoices,
} from '../../test/explain.js';
import { signedInUser } from '../../test/factories.js';
import { giveProfile, randomPlace } from './test-factories.js';

/**
 * Discover with a distance filter reads each distance band's order through the grid index
 * (`profiles_geo_cell`, one range scan per range of cells; each candidate's account by
 * `users_pkey`), the running boosts through `boosts_ends_at`, and the cards of the members it
 * shows by primary key (pictures by `photos_user_position`), never a scan of profiles, users or
 * photos — with the planner's own settings (the app's session settings on a server), on a
 * database with statistics (3,000 members around the world, a history of boosts), as in
 * production. Pages served from a paging session's snapshot read no band at all.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Members spread over the globe, each with a profile picture, and boosts that ended long ago. */
async function seedTheWorld(count: number) {
  await t.context.db.execute(sql`
    with added as (
      insert into users (email, username, first_name, last_name, name_search, last_name_search,
        password_hash, email_verified_at)
      select 'world-' || n || '@example.com', 'world-' || n || '@example.com', 'World', 'Member',
        'world member', 'member', 'not a hash', now()
      from generate_series(1, ${count}) as n
      returning id
    )
    insert into profiles (user_id, age, gender, sexuality, location_text, latitude, longitude)
    select id, 30, 'female', 'straight', 'Somewhere', degrees(asin(2 * random() - 1)), 360 * random() - 180
    from added`);
  await t.context.db.execute(sql`
    insert into photos (user_id, position, storage_key, thumbnail_key, width, height, bytes)
    select p.user_id, 0, 'world-' || p.user_id || '.webp', 'world-' || p.user_id || '-thumb.webp', 10, 10, 100
    from profiles p where not exists (select 1 from photos ph where ph.user_id = p.user_id)`);
  await t.context.db.execute(sql`
    insert into boosts (user_id, started_at, ends_at)
    select user_id, now() - interval '3 days', now() - interval '3 days' + interval '30 minutes'
    from profiles`);
  await t.context.db.execute(sql`analyze`);
}

describe('the Discover query plan', () => {
  it('reads bands through profiles_geo_cell, running boosts through boosts_ends_at, scanning no member table', async () => {
    await seedTheWorld(3000);
    const place = randomPlace();
    // The world is random: about one run in a hundred put one of its members within 25 km, which
    // made the last band non-empty (one more statement). The bands around the viewer are the test's.
    await t.context.db.execute(sql`
      delete from users where id in (
        select user_id from profiles
        where 2 * 6371 * asin(sqrt(
          power(sin(radians(latitude - ${place.latitude}) / 2), 2)
          + cos(radians(${place.latitude})) * cos(radians(latitude))
            * power(sin(radians(longitude - ${place.longitude}) / 2), 2)
        )) < 100)`);
    const viewer = await signedInUser(t.context);
    await giveProfile(t.context, viewer.user.id, place);
    for (let i = 0; i < 30; i += 1) {
      const { user } = await signedInUser(t.context);
      await giveProfile(t.context, user.id, {
        latitude: place.latitude + (i % 5) * 0.02,
        longitude: place.longitude - (i % 3) * 0.02,
      });
      if (i === 0) {
        const now = t.clock.now().getTime();
        await t.context.db.insert(boosts).values({
          userId: user.id,
          startedAt: new Date(now - 60_000),
          endsAt: new Date(now + 29 * 60_000),
        });
      }
    }

    const { result: res, statements: sent } = await captureStatements(t.context.database, () =>
      request(t.app).get('/api/discover?maxDistanceKm=25&limit=50').set('Cookie', viewer.cookie),
    );
    expect(res.status).toBe(200);
    expect(res.body.members.length).toBeGreaterThanOrEqual(30);
    expect(res.body.members[0].boosted).toBe(true);
    const statements = sent.filter(({ text }) => /"boosts"|"profiles"/.test(text));

    // The viewer's place and the running boosts (one statement); then per phase — the boosted
    // members, the band within 10 km, the band up to 25 km (empty) — its order; then the cards of
    // the members read, all phases in one statement (the page statement again: the viewer with
    // the cards).
    expect(statements).toHaveLength(5);
    const plans: string[] = [];
    for (const statement of statements)
      plans.push(await explainStatement(t.context.db, statement.text, statement.params));
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on (profiles|users|photos|boosts)\b/);
    }
    const [viewerAndRunning, boostedOrder, nearOrder, farOrder, cards] = plans;
    expect(viewerAndRunning).toMatch(/profiles_pkey/);
    expect(viewerAndRunning).toMatch(/boosts_ends_at/);
    expect(boostedOrder).toMatch(/users_pkey|profiles_pkey/);
    for (const order of [nearOrder, farOrder]) {
      expect(order).toMatch(/profiles_geo_cell/);
      expect(order).toMatch(/users_pkey/);
    }
    // The checks and pictures: lookups for the members read, never a join over all photos.
    expect(cards).toMatch(/users_pkey/);
    expect(cards).toMatch(/photos_user_position/);
    expect(cards).toMatch(/profiles_pkey/);
  });

  it('reads a dense band once per paging session: its pages read only the members they show', async () => {
    const place = randomPlace();
    const crowd = 1500;
    await t.context.db.execute(sql`
      with added as (
        insert into users (email, username, first_name, last_name, name_search, last_name_search,
          password_hash, email_verified_at, last_login_at)
        select 'crowd-' || n || '@example.com', 'crowd-' || n || '@example.com', 'Crowd', 'Member',
          'crowd member', 'member', 'not a hash', now(), now() - (n % 40) * interval '1 day'
        from generate_series(1, ${crowd}) as n
        returning id
      )
      insert into profiles (user_id, age, gender, sexuality, location_text, latitude, longitude)
      select id, 30, 'female', 'straight', 'Here', ${place.latitude}::float8 + 0.05 * random(),
        ${place.longitude}::float8 + 0.05 * random()
      from added`);
    await t.context.db.execute(sql`
      insert into photos (user_id, position, storage_key, thumbnail_key, width, height, bytes)
      select p.user_id, 0, 'crowd-' || p.user_id || '.webp', 'crowd-' || p.user_id || '-thumb.webp', 10, 10, 100
      from profiles p where not exists (select 1 from photos ph where ph.user_id = p.user_id)`);
    await t.context.db.execute(sql`analyze`);
    const viewer = await signedInUser(t.context);
    await giveProfile(t.context, viewer.user.id, place);

    /** Rows each table's scans examined (kept or filtered out) for one request's statements. */
    async function rowsExamined(path: string) {
      const { result: res, statements } = await captureStatements(t.context.database, () =>
        request(t.app).get(path).set('Cookie', viewer.cookie),
      );
      expect(res.status).toBe(200);
      const body: { members: unknown[]; nextCursor: string | null } = res.body;
      const examined = { profiles: 0, users: 0, photos: 0 };
      for (const { text, params } of statements.filter((s) => /^\s*select/i.test(s.text))) {
        const result = await t.context.db.execute(
          sql.raw(`explain (analyze, format json) ${inlineParams(text, params)}`),
        );
        const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
        const value = Object.values(row!)[0];
        const [plan] = (typeof value === 'string' ? JSON.parse(value) : value) as [
          { Plan: PlanNode },
        ];
        countRows(plan.Plan, examined);
      }
      const discoverStatements = statements.filter((s) => !/"sessions"/.test(s.text)).length;
      return { examined, body: body!, discoverStatements };
    }

    const limit = 20;
    const first = await rowsExamined(`/api/discover?maxDistanceKm=10&limit=${limit}`);
    expect(first.body.members).toHaveLength(limit);
    // The first page reads the band's order: every member of the crowd.
    expect(first.examined.profiles).toBeGreaterThanOrEqual(crowd);

    // The same list again, and the next pages: the members of the page, and a few the checks
    // may skip, looked up by id.
    const again = await rowsExamined(`/api/discover?maxDistanceKm=10&limit=${limit}`);
    expect(again.body).toEqual(first.body);
    // Its cards are held: only the members' `users` rows are read, and the viewer's profile.
    expect(again.examined.photos).toBe(0);
    expect(again.examined.profiles).toBe(1);
    const bound = 3 * limit;
    let cursor = first.body.nextCursor;
    const pages = [again];
    for (let page = 2; page <= 4; page += 1) {
      const next = await rowsExamined(
        `/api/discover?maxDistanceKm=10&limit=${limit}&cursor=${encodeURIComponent(cursor!)}`,
      );
      expect(next.body.members).toHaveLength(limit);
      pages.push(next);
      cursor = next.body.nextCursor;
    }
    for (const { examined, discoverStatements } of pages) {
      // The viewer with the running boosts, and the cards read with them: nothing built or
      // planned per page beyond this one prepared statement.
      expect(discoverStatements).toBe(1);
      expect(examined.profiles).toBeLessThanOrEqual(bound);
      expect(examined.users).toBeLessThanOrEqual(bound);
      expect(examined.photos).toBeLessThanOrEqual(bound);
    }
  });
});

describe('the Discover page statement', () => {
  it('keeps one plan, whatever the lists its first executions checked', async () => {
    // PostgreSQL plans a prepared statement for its first five executions' values, then keeps
    // planning it per execution while the generic plan is estimated dearer than those. A page
    // whose cards are held checks a list of a few members, and `unnest` of an array parameter is
    // estimated at 100 rows in the generic plan: such a statement was planned at every page.
    const place = randomPlace();
    const viewer = await signedInUser(t.context);
    await giveProfile(t.context, viewer.user.id, place);
    const ours: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const shown = await signedInUser(t.context);
      await giveProfile(t.context, shown.user.id, place);
      ours.push(shown.user.id);
    }
    const page = () =>
      request(t.app).get('/api/discover?maxDistanceKm=5').set('Cookie', viewer.cookie);
    // The three members here, and maybe one of the members the first test scattered over the
    // globe (seedTheWorld), which can land anywhere, this place included.
    const shownIds = (res: request.Response) =>
      (res.body.members as { _id: string }[]).map((card) => card._id);
    expect(shownIds(await page())).toEqual(expect.arrayContaining(ours));
    const { result: again, statements } = await captureStatements(t.context.database, page);
    expect(shownIds(again)).toEqual(expect.arrayContaining(ours));
    const [pageStatement] = statements.filter((s) => /"boosts"/.test(s.text));
    expect(pageStatement!.params).toContainEqual(expect.arrayContaining([expect.any(String)]));

    const runs = 8;
    const plans = await planChoices(t.context.db, pageStatement!, runs);
    // Five plans for the first five executions' values, then the one generic plan.
    expect(plans).toEqual({ custom: 5, generic: runs - 5 });
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Adds the rows each scan of the given tables returned or filtered out, over all its loops. */
function countRows(node: PlanNode, examined: Record<string, number>): void {
  const table = node['Relation Name'];
  if (table && table in examined) {
    const loops = node['Actual Loops'] ?? 1;
    examined[table]! +=
      ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops +
      (node['Rows Removed by Index Recheck'] ?? 0);
  }
  for (const child of node.Plans ?? []) countRows(child, examined);
}
