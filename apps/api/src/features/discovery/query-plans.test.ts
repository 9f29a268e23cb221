import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boosts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { explainStatement } from '../../test/explain.js';
import { signedInUser } from '../../test/factories.js';
import { giveProfile, randomPlace } from './test-factories.js';

/**
 * Discover with a distance filter reads each distance band through the grid index
 * (`profiles_geo_cell`, one range scan per range of cells; each candidate's account by
 * `users_pkey`, the page's pictures by `photos_user_position`), the running boosts through
 * `boosts_ends_at` and the boosted members' cards by primary key, never a scan of profiles, users
 * or photos — with the planner's own settings, on a database with statistics (3,000 members
 * around the world, a history of boosts), as in production.
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

    const statements: { text: string; params: unknown[] }[] = [];
    const stop = t.context.database.onQuery((text, params) => {
      if (/"boosts"|"profiles"/.test(text)) statements.push({ text, params });
    });
    try {
      const res = await request(t.app)
        .get('/api/discover?maxDistanceKm=25&limit=50')
        .set('Cookie', viewer.cookie);
      expect(res.status).toBe(200);
      expect(res.body.members.length).toBeGreaterThanOrEqual(30);
      expect(res.body.members[0].boosted).toBe(true);
    } finally {
      stop();
    }

    // The viewer's place, the boosted members, their cards, then the bands up to 25 km (10, 25).
    expect(statements).toHaveLength(5);
    const plans: string[] = [];
    for (const statement of statements)
      plans.push(await explainStatement(t.context.db, statement.text, statement.params));
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on (profiles|users|photos|boosts)\b/);
    }
    const [viewerPlace, running, boosted, ...bands] = plans;
    expect(viewerPlace).toMatch(/profiles_pkey/);
    expect(running).toMatch(/boosts_ends_at/);
    expect(boosted).toMatch(/users_pkey|profiles_pkey/);
    for (const plan of bands) {
      expect(plan).toMatch(/profiles_geo_cell/);
      // The page's checks and pictures: lookups for the rows read, never a join over all photos.
      expect(plan).toMatch(/photos_user_position/);
      expect(plan).toMatch(/users_pkey/);
    }
  });
});
