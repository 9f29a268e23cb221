import {
  API_ROUTES,
  carriesMemberData,
  routeKey,
  type ApiRoute,
} from '@kindred/contracts/api-routes';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildComment,
  buildFollow,
  buildPost,
  disableMember,
} from './features/posts/test-factories.js';
import { giveProfile, randomPlace } from './features/discovery/test-factories.js';
import { uploadPhotos, validProfile } from './features/profiles/test-fixtures.js';
import { followRequests, matches, profileLikes, profileVisits } from './db/schema.js';
import { onPlan, orderedPair } from './features/matches/test-factories.js';
import { createTestApp, type TestApp } from './test/app.js';
import { signedInUser, type UserRow } from './test/factories.js';

/**
 * "May this viewer see this member?" is asked by every route that answers with member data. This
 * test is generated from the route table: every GET whose response schema carries member data (a
 * schema marked MEMBER_DATA in packages/contracts, or a file) must have a seed below that makes a
 * member visible through it; the member shows, is disabled, and is then gone from the answer. A
 * member-returning route added to the table without a seed fails the first test.
 */

interface Scene {
  viewer: UserRow;
  viewerCookie: string;
  hidden: UserRow;
  hiddenCookie: string;
}

/** Puts `scene.hidden` where the route shows them to `scene.viewer`; returns the URLs to read. */
type Seed = (t: TestApp, scene: Scene) => Promise<string[]>;

async function profileWithPhoto(t: TestApp, scene: Scene): Promise<string> {
  const [photo] = await uploadPhotos(t, scene.hiddenCookie, 1);
  const res = await request(t.app)
    .post('/api/profile/create')
    .set('Cookie', scene.hiddenCookie)
    .send(validProfile({ firstName: scene.hidden.firstName, photos: [photo] }));
  if (res.status >= 300) throw new Error(`profile not created: ${JSON.stringify(res.body)}`);
  return photo!;
}

/** The hidden member writes to the viewer; the conversation's id. */
async function conversationFromHidden(t: TestApp, scene: Scene): Promise<string> {
  const opened = await request(t.app)
    .post('/api/conversations')
    .set('Cookie', scene.hiddenCookie)
    .send({ userId: scene.viewer.id });
  const id = String(opened.body.conversation?._id);
  const sent = await request(t.app)
    .post(`/api/conversations/${id}/messages`)
    .set('Cookie', scene.hiddenCookie)
    .send({ text: 'Hello' });
  if (sent.status !== 201) throw new Error(`message not sent: ${JSON.stringify(sent.body)}`);
  return id;
}

const SEEDS: Record<string, Seed> = {
  'GET /api/conversations': async (t, scene) => {
    await conversationFromHidden(t, scene);
    return ['/api/conversations'];
  },
  'GET /api/conversations/:id/messages': async (t, scene) => [
    `/api/conversations/${await conversationFromHidden(t, scene)}/messages`,
  ],
  'GET /api/media/:key': async (t, scene) => [await profileWithPhoto(t, scene)],
  'GET /api/profile/:id': async (t, scene) => {
    await profileWithPhoto(t, scene);
    return [`/api/profile/${scene.hidden.id}`];
  },
  'GET /api/users/search': async (_t, { hidden }) => [
    `/api/users/search?searchText=${encodeURIComponent(hidden.firstName)}`,
    `/api/users/search?q=${encodeURIComponent(hidden.firstName)}`,
  ],
  'GET /api/users/:id': async (_t, { hidden }) => [`/api/users/${hidden.id}`],
  'GET /api/posts': async (t, { hidden }) => {
    await buildPost(t.context, hidden.id, { title: 'By the hidden member' });
    return ['/api/posts'];
  },
  'GET /api/posts/following/:id': async (t, { viewer, hidden }) => {
    await buildFollow(t.context, viewer.id, hidden.id);
    await buildPost(t.context, hidden.id);
    return [`/api/posts/following/${viewer.id}`];
  },
  'GET /api/posts/user/:id': async (t, { hidden }) => {
    await buildPost(t.context, hidden.id);
    return [`/api/posts/user/${hidden.id}`];
  },
  'GET /api/posts/:postId': async (t, { hidden }) => {
    const post = await buildPost(t.context, hidden.id);
    return [`/api/posts/${post.id}`];
  },
  'GET /api/posts/:postId/comments': async (t, { viewer, hidden }) => {
    const post = await buildPost(t.context, viewer.id);
    await buildComment(t.context, { postId: post.id, authorId: hidden.id, content: 'Hello' });
    return [`/api/posts/${post.id}/comments`];
  },
  'GET /api/connections/followers/:id': async (t, { viewer, hidden }) => {
    await buildFollow(t.context, hidden.id, viewer.id);
    return [`/api/connections/followers/${viewer.id}`];
  },
  'GET /api/connections/following/:id': async (t, { viewer, hidden }) => {
    await buildFollow(t.context, viewer.id, hidden.id);
    return [`/api/connections/following/${viewer.id}`];
  },
  'GET /api/connections/requests': async (t, { viewer, hidden }) => {
    await t.context.db
      .insert(followRequests)
      .values({ followerId: hidden.id, followeeId: viewer.id });
    return ['/api/connections/requests'];
  },
  'GET /api/blocks': async (t, { viewerCookie, hidden }) => {
    await request(t.app)
      .post('/api/blocks')
      .set('Cookie', viewerCookie)
      .send({ userId: hidden.id });
    return ['/api/blocks'];
  },
  'GET /api/notifications': async (t, { viewer, hiddenCookie }) => {
    await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', hiddenCookie)
      .send({ followedUserId: viewer.id });
    return ['/api/notifications'];
  },
  'GET /api/discover': async (t, { viewer, hidden }) => {
    const place = randomPlace();
    await giveProfile(t.context, viewer.id, place);
    await giveProfile(t.context, hidden.id, place);
    return ['/api/discover?maxDistanceKm=1'];
  },
  'GET /api/matches': async (t, { viewer, hidden }) => {
    await t.context.db.insert(matches).values(orderedPair(viewer.id, hidden.id));
    return ['/api/matches'];
  },
  'GET /api/matches/likes-you': async (t, { viewer, hidden }) => {
    await onPlan(t, viewer.id, 'professional');
    await t.context.db.insert(profileLikes).values({ likerId: hidden.id, likedId: viewer.id });
    return ['/api/matches/likes-you'];
  },
  'GET /api/profile/visitors': async (t, { viewer, hidden }) => {
    await onPlan(t, viewer.id, 'professional');
    await t.context.db
      .insert(profileVisits)
      .values({ visitorId: hidden.id, visitedId: viewer.id, day: '2025-01-01' });
    return ['/api/profile/visitors'];
  },
  'GET /api/mutes': async (t, { viewerCookie, hidden }) => {
    await request(t.app).post('/api/mutes').set('Cookie', viewerCookie).send({ userId: hidden.id });
    return ['/api/mutes'];
  },
};

const memberRoutes = (API_ROUTES as readonly ApiRoute[]).filter(
  (route) => route.method === 'GET' && carriesMemberData(route.response),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a disabled member, on every route that answers with members', () => {
  it('has a seed for every member-returning GET of the route table', () => {
    expect(memberRoutes.length).toBeGreaterThanOrEqual(10);
    const unseeded = memberRoutes.map(routeKey).filter((key) => !(key in SEEDS));
    expect(unseeded, 'member-returning routes without a seed in SEEDS').toEqual([]);
    const stale = Object.keys(SEEDS).filter((key) => !memberRoutes.map(routeKey).includes(key));
    expect(stale, 'seeds for routes that are not member-returning GETs').toEqual([]);
  });

  it.each(memberRoutes.map((route) => [routeKey(route), route] as const))(
    '%s shows the member, then hides them once disabled',
    async (key, route) => {
      const seed = SEEDS[key];
      if (!seed) return; // reported by the test above
      const { user: viewer, cookie: viewerCookie } = await signedInUser(t.context);
      const unique = `Hidden${Math.random().toString(36).slice(2, 8)}`;
      const { user: hidden, cookie: hiddenCookie } = await signedInUser(t.context, {
        firstName: unique,
      });
      const urls = await seed(t, { viewer, viewerCookie, hidden, hiddenCookie });

      const read = (url: string) => request(t.app).get(url).set('Cookie', viewerCookie);
      for (const url of urls) {
        const res = await read(url);
        if (route.response === 'file') expect(res.status, `${url} before`).toBe(200);
        else expect(JSON.stringify(res.body), `${url} before`).toContain(hidden.id);
      }

      await disableMember(t.context, hidden.id);

      for (const url of urls) {
        const res = await read(url);
        if (route.response === 'file') {
          expect(res.status, `${url} after`).toBe(404);
        } else {
          const body = JSON.stringify(res.body);
          expect(body, `${url} after`).not.toContain(hidden.id);
          expect(body, `${url} after`).not.toContain(unique);
        }
      }
    },
  );
});
