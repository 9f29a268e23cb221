import {
  API_ROUTES,
  carriesMemberData,
  routeKey,
  type ApiRoute,
} from '@kindred/contracts/api-routes';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  commentMentions,
  comments,
  followRequests,
  follows,
  matches,
  mutes,
  postLikes,
  posts,
  profileLikes,
  profilePasses,
  profileVisits,
} from './db/schema.js';
import { onPlan, orderedPair } from './features/matches/test-factories.js';
import {
  buildComment,
  buildFollow,
  buildPost,
  type PostRow,
} from './features/posts/test-factories.js';
import { giveProfile, randomPlace } from './features/discovery/test-factories.js';
import { uploadPhotos, validProfile } from './features/profiles/test-fixtures.js';
import { createTestApp, type TestApp } from './test/app.js';
import { signedInUser, type UserRow } from './test/factories.js';

/**
 * A block hides two members from each other everywhere, and neither can act on the other. This
 * test is generated from the route table, both ways round (the viewer blocked the other member,
 * or the other member blocked the viewer):
 *   - every GET whose answer carries member data has a seed below that shows the other member to
 *     the viewer; after the block the other member (id and name) is gone from every answer;
 *   - every other route either has an attempt below — the viewer acting on the other member or
 *     their things — that is refused, or not applied, with the database unchanged; or is listed
 *     as acting only on the caller's own account or content.
 * A route added to the table without a seed, an attempt or a reason fails the first tests.
 */

interface Member {
  user: UserRow;
  cookie: string;
}

interface Scene {
  viewer: Member;
  other: Member;
  /** A third member, whose post and lists both of them can see. */
  third: Member;
}

/** Puts `scene.other` where the route shows them to `scene.viewer`; returns the URLs to read. */
type Seed = (t: TestApp, scene: Scene) => Promise<string[]>;

async function profileWithPhoto(t: TestApp, member: Member): Promise<string> {
  const [photo] = await uploadPhotos(t, member.cookie, 1);
  const res = await request(t.app)
    .post('/api/profile/create')
    .set('Cookie', member.cookie)
    .send(validProfile({ firstName: member.user.firstName, photos: [photo] }));
  if (res.status >= 300) throw new Error(`profile not created: ${JSON.stringify(res.body)}`);
  return photo!;
}

/** The other member writes to the viewer (a stranger's first message: the viewer accepts all). */
async function conversationFrom(t: TestApp, from: Member, to: Member): Promise<string> {
  const opened = await request(t.app)
    .post('/api/conversations')
    .set('Cookie', from.cookie)
    .send({ userId: to.user.id });
  const id = String(opened.body.conversation?._id);
  const sent = await request(t.app)
    .post(`/api/conversations/${id}/messages`)
    .set('Cookie', from.cookie)
    .send({ text: 'Hello' });
  if (sent.status !== 201) throw new Error(`message not sent: ${JSON.stringify(sent.body)}`);
  return id;
}

const READ_SEEDS: Record<string, Seed> = {
  'GET /api/conversations': async (t, { viewer, other }) => {
    await conversationFrom(t, other, viewer);
    return ['/api/conversations'];
  },
  'GET /api/conversations/:id/messages': async (t, { viewer, other }) => [
    `/api/conversations/${await conversationFrom(t, other, viewer)}/messages`,
  ],
  'GET /api/media/:key': async (t, { other }) => [await profileWithPhoto(t, other)],
  'GET /api/profile/:id': async (t, { other }) => {
    await profileWithPhoto(t, other);
    return [`/api/profile/${other.user.id}`];
  },
  'GET /api/users/search': async (_t, { other }) => [
    `/api/users/search?searchText=${encodeURIComponent(other.user.firstName)}`,
    `/api/users/search?q=${encodeURIComponent(other.user.firstName)}`,
  ],
  'GET /api/users/:id': async (_t, { other }) => [`/api/users/${other.user.id}`],
  'GET /api/posts': async (t, { other }) => {
    t.clock.advance(1_000); // the newest post, on the feed's first page
    await buildPost(t.context, other.user.id, { title: 'By the other member' });
    return ['/api/posts'];
  },
  'GET /api/posts/following/:id': async (t, { viewer, other }) => {
    await buildFollow(t.context, viewer.user.id, other.user.id);
    await buildPost(t.context, other.user.id);
    return [`/api/posts/following/${viewer.user.id}`];
  },
  'GET /api/posts/user/:id': async (t, { other }) => {
    await buildPost(t.context, other.user.id);
    return [`/api/posts/user/${other.user.id}`];
  },
  'GET /api/posts/:postId': async (t, { other }) => {
    const post = await buildPost(t.context, other.user.id);
    return [`/api/posts/${post.id}`];
  },
  // Under a third member's post too: the other's comment, and their reply to the viewer's comment.
  'GET /api/posts/:postId/comments': async (t, { viewer, other, third }) => {
    const theirs = await buildPost(t.context, third.user.id);
    await buildComment(t.context, { postId: theirs.id, authorId: other.user.id, content: 'Hi' });
    const mine = await buildComment(t.context, { postId: theirs.id, authorId: viewer.user.id });
    await buildComment(t.context, {
      postId: theirs.id,
      authorId: other.user.id,
      parentId: mine.id,
      content: 'A reply',
    });
    const own = await buildPost(t.context, viewer.user.id);
    await buildComment(t.context, { postId: own.id, authorId: other.user.id, content: 'Hey' });
    return [`/api/posts/${theirs.id}/comments`, `/api/posts/${own.id}/comments`];
  },
  // A third member's lists as well as the viewer's own (the block itself ends follows between them).
  'GET /api/connections/followers/:id': async (t, { viewer, other, third }) => {
    await buildFollow(t.context, other.user.id, third.user.id);
    await buildFollow(t.context, other.user.id, viewer.user.id);
    return [
      `/api/connections/followers/${third.user.id}`,
      `/api/connections/followers/${viewer.user.id}`,
    ];
  },
  'GET /api/connections/following/:id': async (t, { viewer, other, third }) => {
    await buildFollow(t.context, third.user.id, other.user.id);
    await buildFollow(t.context, viewer.user.id, other.user.id);
    return [
      `/api/connections/following/${third.user.id}`,
      `/api/connections/following/${viewer.user.id}`,
    ];
  },
  'GET /api/discover': async (t, { viewer, other }) => {
    const place = randomPlace();
    await giveProfile(t.context, viewer.user.id, place);
    await giveProfile(t.context, other.user.id, place);
    return ['/api/discover?maxDistanceKm=1'];
  },
  'GET /api/matches': async (t, { viewer, other }) => {
    await t.context.db.insert(matches).values(orderedPair(viewer.user.id, other.user.id));
    return ['/api/matches'];
  },
  'GET /api/matches/likes-you': async (t, { viewer, other }) => {
    await onPlan(t, viewer.user.id, 'professional');
    await t.context.db
      .insert(profileLikes)
      .values({ likerId: other.user.id, likedId: viewer.user.id });
    return ['/api/matches/likes-you'];
  },
  'GET /api/profile/visitors': async (t, { viewer, other }) => {
    await onPlan(t, viewer.user.id, 'professional');
    await t.context.db
      .insert(profileVisits)
      .values({ visitorId: other.user.id, visitedId: viewer.user.id, day: '2025-01-01' });
    return ['/api/profile/visitors'];
  },
  'GET /api/mutes': async (t, { viewer, other }) => {
    await request(t.app)
      .post('/api/mutes')
      .set('Cookie', viewer.cookie)
      .send({ userId: other.user.id });
    return ['/api/mutes'];
  },
  'GET /api/notifications': async (t, { viewer, other }) => {
    await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', other.cookie)
      .send({ followedUserId: viewer.user.id });
    return ['/api/notifications'];
  },
  'GET /api/connections/requests': async (t, { viewer, other }) => {
    await t.context.db
      .insert(followRequests)
      .values({ followerId: other.user.id, followeeId: viewer.user.id });
    return ['/api/connections/requests'];
  },
};

/** GETs where a block rightly changes nothing, and why. */
const READS_UNCHANGED_BY_BLOCKS: Record<string, string> = {
  'GET /api/blocks':
    "the blocker's own list of whom they blocked (features/blocks/blocks.test.ts: the blocked member's list never shows the blocker)",
  'GET /api/moderation/reports': 'moderators see every report, whatever blocks they hold',
  'GET /api/moderation/log': 'moderators see every action, whatever blocks they hold',
  'GET /api/moderation/photo-verifications':
    'moderators see every selfie waiting for review, whatever blocks they hold',
};

interface WriteScene extends Scene {
  /** The other member's public post, and their comment under the third member's post. */
  otherPost: PostRow;
  otherCommentId: string;
  thirdPost: PostRow;
  /** The other member's request to follow the viewer, made before the block (which ends it). */
  requestId: string;
}

interface WriteAttempt {
  /** The viewer's request against the other member or their things; checks its answer. */
  attempt: (t: TestApp, scene: WriteScene) => Promise<void>;
  /** Tables the request may change without touching the other member (a comment without its mention). */
  mayChange?: readonly Table[];
}

const expectStatus = (res: request.Response, status: number) =>
  expect(res.status, JSON.stringify(res.body)).toBe(status);

const WRITES: Record<string, WriteAttempt> = {
  'POST /api/conversations': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .post('/api/conversations')
        .set('Cookie', viewer.cookie)
        .send({ userId: other.user.id });
      expectStatus(res, 404);
    },
  },
  'POST /api/connections/follow': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .post('/api/connections/follow')
        .set('Cookie', viewer.cookie)
        .send({ followedUserId: other.user.id });
      expectStatus(res, 404);
    },
  },
  'POST /api/connections/isFollowing': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .post('/api/connections/isFollowing')
        .set('Cookie', viewer.cookie)
        .send({ followedUserId: other.user.id });
      expect(res.body.isConnection).toBe(false);
    },
  },
  'POST /api/posts/like': {
    attempt: async (t, { viewer, otherPost }) => {
      const res = await request(t.app)
        .post('/api/posts/like')
        .set('Cookie', viewer.cookie)
        .send({ postId: otherPost.id });
      expectStatus(res, 404);
    },
  },
  'DELETE /api/posts/:postId': {
    attempt: async (t, { viewer, otherPost }) => {
      const res = await request(t.app)
        .delete(`/api/posts/${otherPost.id}`)
        .set('Cookie', viewer.cookie);
      expectStatus(res, 404);
    },
  },
  'PATCH /api/posts/:postId': {
    attempt: async (t, { viewer, otherPost }) => {
      const res = await request(t.app)
        .patch(`/api/posts/${otherPost.id}`)
        .set('Cookie', viewer.cookie)
        .send({ title: 'Changed' });
      expectStatus(res, 404);
    },
  },
  'POST /api/posts/:postId/comments': {
    attempt: async (t, { viewer, otherPost, thirdPost, otherCommentId }) => {
      const onTheirPost = await request(t.app)
        .post(`/api/posts/${otherPost.id}/comments`)
        .set('Cookie', viewer.cookie)
        .send({ content: 'Hello' });
      expectStatus(onTheirPost, 404);
      const replyToThem = await request(t.app)
        .post(`/api/posts/${thirdPost.id}/comments`)
        .set('Cookie', viewer.cookie)
        .send({ content: 'A reply', parentCommentId: otherCommentId });
      expectStatus(replyToThem, 404);
    },
  },
  'POST /api/posts/comment': {
    attempt: async (t, { viewer, otherPost }) => {
      const res = await request(t.app)
        .post('/api/posts/comment')
        .set('Cookie', viewer.cookie)
        .send({ postId: otherPost.id, content: 'Hello' });
      expectStatus(res, 404);
    },
  },
  'DELETE /api/posts/:postId/comments/:commentId': {
    attempt: async (t, { viewer, thirdPost, otherCommentId }) => {
      const res = await request(t.app)
        .delete(`/api/posts/${thirdPost.id}/comments/${otherCommentId}`)
        .set('Cookie', viewer.cookie);
      expectStatus(res, 404);
    },
  },
  'PATCH /api/posts/:postId/comments/:commentId': {
    attempt: async (t, { viewer, thirdPost, otherCommentId }) => {
      const res = await request(t.app)
        .patch(`/api/posts/${thirdPost.id}/comments/${otherCommentId}`)
        .set('Cookie', viewer.cookie)
        .send({ content: 'Changed' });
      expectStatus(res, 404);
    },
  },
  'POST /api/matches/like': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .post('/api/matches/like')
        .set('Cookie', viewer.cookie)
        .send({ userId: other.user.id });
      expectStatus(res, 404);
    },
  },
  'POST /api/matches/pass': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .post('/api/matches/pass')
        .set('Cookie', viewer.cookie)
        .send({ userId: other.user.id });
      expectStatus(res, 404);
    },
  },
  'DELETE /api/matches/:userId': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .delete(`/api/matches/${other.user.id}`)
        .set('Cookie', viewer.cookie);
      expectStatus(res, 404);
    },
  },
  'POST /api/mutes': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .post('/api/mutes')
        .set('Cookie', viewer.cookie)
        .send({ userId: other.user.id });
      expectStatus(res, 404);
    },
  },
  'DELETE /api/mutes/:userId': {
    attempt: async (t, { viewer, other }) => {
      const res = await request(t.app)
        .delete(`/api/mutes/${other.user.id}`)
        .set('Cookie', viewer.cookie);
      expectStatus(res, 404);
    },
  },
  // Lifting a block is the blocker's alone: the blocked member's "unblock" changes nothing.
  'DELETE /api/blocks/:userId': {
    attempt: async (t, { viewer, other }) => {
      await request(t.app).delete(`/api/blocks/${other.user.id}`).set('Cookie', viewer.cookie);
    },
    mayChange: ['blocks'],
  },
  'POST /api/connections/requests/:id/approve': {
    attempt: async (t, { viewer, requestId }) => {
      const res = await request(t.app)
        .post(`/api/connections/requests/${requestId}/approve`)
        .set('Cookie', viewer.cookie);
      expectStatus(res, 404);
    },
  },
  'POST /api/connections/requests/:id/decline': {
    attempt: async (t, { viewer, requestId }) => {
      const res = await request(t.app)
        .post(`/api/connections/requests/${requestId}/decline`)
        .set('Cookie', viewer.cookie);
      expectStatus(res, 404);
    },
  },
};

/** Routes other than member-returning GETs that never act on another member, and why. */
const OWN_ONLY: Record<string, string> = {
  'GET /api/conversations/unread-count':
    "the caller's own unread total, counted over the conversations they may see",
  'POST /api/conversations/:id/messages':
    "the caller's own conversation: a blocked pair's answers 404 (features/messages/messages.test.ts)",
  'POST /api/conversations/:id/read':
    "the caller's own conversation: a blocked pair's answers 404 (features/messages/messages.test.ts)",
  'DELETE /api/conversations/:id/messages/:messageId':
    "the caller's own message: a blocked pair's conversation answers 404",
  'GET /api/health': 'no member data',
  'GET /api/ready': 'no member data',
  'GET /api/openapi.json': 'the API document, no member data',
  'GET /api/docs': 'the API document, no member data',
  'GET /api/geo/reverse': 'places, no member data',
  'GET /api/geo/cities': 'places, no member data',
  'GET /api/users/:id/subscription': "the caller's own plan (others are refused)",
  'GET /api/boost': "the caller's own boost",
  'POST /api/boost': "the caller's own boost",
  'GET /api/mutes/:userId': 'answers 404 for a member the caller may not see (blocks.test.ts)',
  'GET /api/2fa/recovery-codes': "the caller's own account",
  'GET /api/users/me/privacy': "the caller's own settings",
  'GET /api/users/me/sensitive-media': "the caller's own setting",
  'GET /api/users/me/sessions': "the caller's own sessions",
  'GET /api/connections/getFollowersAndFollowings/:id':
    'counts only, of visible members (answers 404 for a hidden member like the lists)',
  'POST /api/blocks': 'either member may block the other, and is not told they were blocked',
  'POST /api/reports':
    'goes to the moderators, never to the reported member (the report dialog blocks at the same time)',
  'POST /api/moderation/reports/:id/resolve': 'moderators only',
  'GET /api/verification/photo': "the caller's own verification state",
  'POST /api/verification/photo/challenge': "the caller's own challenge",
  'POST /api/verification/photo': "the caller's own selfie against their own photos",
  'POST /api/moderation/photo-verifications/:id/decision': 'moderators only',
  'POST /api/users/signup': "the caller's own account",
  'POST /api/users/login': "the caller's own account",
  'POST /api/users/logout': "the caller's own session",
  'POST /api/send-otp': "the caller's own account",
  'POST /api/verify-otp': "the caller's own account",
  'POST /api/2fa/setup': "the caller's own account",
  'POST /api/2fa/verify': "the caller's own account",
  'POST /api/2fa/recovery-codes': "the caller's own account",
  'POST /api/phone/send-code': "the caller's own account",
  'POST /api/phone/verify': "the caller's own account",
  'POST /api/users/password/forgot': "the caller's own account",
  'POST /api/users/password/reset': "the caller's own account",
  'POST /api/profile/create': "the caller's own profile",
  'POST /api/profile/upload-photo': "the caller's own photos",
  'POST /api/profile/update/:userId': "the caller's own photos (others are refused)",
  'PUT /api/profile/photos/order': "the caller's own photos",
  'PATCH /api/profile/photos/:filename': "the caller's own photo",
  'DELETE /api/profile/photo/:userId/:filename': "the caller's own photos (others are refused)",
  'PUT /api/users/me/privacy': "the caller's own settings",
  'PUT /api/users/me/sensitive-media': "the caller's own setting",
  'GET /api/users/me/notification-settings': "the caller's own settings",
  'PUT /api/users/me/notification-settings': "the caller's own settings",
  'POST /api/notifications/read': "the caller's own notifications (others' ids change nothing)",
  'GET /api/notifications/stream':
    "the caller's own notifications, hydrated by the rules of GET /api/notifications (seeded above)",
  'GET /api/plans': 'the plan table, no member data',
  'GET /api/entitlements': "the caller's own plan and what it allows",
  'POST /api/users/me/password': "the caller's own account",
  'POST /api/users/me/email': "the caller's own account",
  'POST /api/users/me/email/verify': "the caller's own account",
  'DELETE /api/users/me/sessions/:id': "the caller's own sessions",
  'DELETE /api/users/me/sessions': "the caller's own sessions",
  'POST /api/users/:id/disable': "the caller's own account (others are refused)",
  'DELETE /api/users/:id': "the caller's own account (others are refused)",
  'POST /api/subscription/select-plan': "the caller's own plan",
  'POST /api/subscription/checkout': "the caller's own plan",
  'GET /api/subscription/checkout/test/:sessionId':
    "the caller's own checkout (another member's answers 404, test-checkout.test.ts)",
  'POST /api/subscription/checkout/test/:sessionId/complete':
    "the caller's own checkout (another member's answers 404, test-checkout.test.ts)",
  'POST /api/subscription/checkout/test/:sessionId/cancel':
    "the caller's own checkout (another member's answers 404, test-checkout.test.ts)",
  'GET /api/subscription/billing': "the caller's own plan",
  'POST /api/subscription/cancel': "the caller's own plan",
  'POST /api/subscription/webhook': "Stripe's signed events, not a member's request",
  'POST /api/posts/create': "the caller's own post",
};

const TABLES = {
  follows,
  follow_requests: followRequests,
  posts,
  comments,
  comment_mentions: commentMentions,
  post_likes: postLikes,
  blocks,
  mutes,
  profile_likes: profileLikes,
  profile_passes: profilePasses,
  matches,
};
type Table = keyof typeof TABLES;

/** Every row of the tables where one member's action on another would land. */
async function snapshot(
  t: TestApp,
  except: readonly Table[] = [],
): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    if (except.includes(name as Table)) continue;
    const rows = await t.context.db.select().from(table);
    result[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

const routes = API_ROUTES as readonly ApiRoute[];
const memberReads = routes.filter(
  (route) => route.method === 'GET' && carriesMemberData(route.response),
);
const readKeys = memberReads.map(routeKey).filter((key) => !(key in READS_UNCHANGED_BY_BLOCKS));
const otherKeys = routes.map(routeKey).filter((key) => !memberReads.map(routeKey).includes(key));
const writeKeys = otherKeys.filter((key) => key in WRITES);
const directions = ['the viewer blocked the other', 'the other blocked the viewer'] as const;
type Direction = (typeof directions)[number];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function scene(): Promise<Scene> {
  const unique = () => `Other${Math.random().toString(36).slice(2, 8)}`;
  const viewer = await signedInUser(t.context);
  const other = await signedInUser(t.context, { firstName: unique() });
  const third = await signedInUser(t.context);
  return { viewer, other, third };
}

async function block(direction: Direction, { viewer, other }: Scene) {
  const [blocker, blocked] = direction === directions[0] ? [viewer, other] : [other, viewer];
  const res = await request(t.app)
    .post('/api/blocks')
    .set('Cookie', blocker.cookie)
    .send({ userId: blocked.user.id });
  expectStatus(res, 200);
}

describe('a blocked pair, on every route of the table', () => {
  it('has a seed for every member-returning GET, and an attempt or a reason for every other route', () => {
    expect(readKeys.length).toBeGreaterThanOrEqual(10);
    const unseeded = readKeys.filter((key) => !(key in READ_SEEDS));
    expect(unseeded, 'member-returning routes without a seed in READ_SEEDS').toEqual([]);
    const unexplained = otherKeys.filter(
      (key) => !(key in WRITES) && !(key in OWN_ONLY) && !(key in READS_UNCHANGED_BY_BLOCKS),
    );
    expect(unexplained, 'routes without an attempt in WRITES or a reason in OWN_ONLY').toEqual([]);
    expect(writeKeys.length).toBeGreaterThanOrEqual(8);
  });

  describe.each(directions)('when %s', (direction) => {
    it.each(readKeys)('%s shows the other member before the block and never after', async (key) => {
      const seed = READ_SEEDS[key];
      if (!seed) return; // reported by the test above
      const route = memberReads.find((r) => routeKey(r) === key)!;
      const s = await scene();
      const urls = await seed(t, s);
      const read = (url: string) => request(t.app).get(url).set('Cookie', s.viewer.cookie);
      for (const url of urls) {
        const res = await read(url);
        if (route.response === 'file') expect(res.status, `${url} before`).toBe(200);
        else expect(JSON.stringify(res.body), `${url} before`).toContain(s.other.user.id);
      }

      await block(direction, s);

      for (const url of urls) {
        const res = await read(url);
        if (route.response === 'file') {
          expect(res.status, `${url} after`).toBe(404);
        } else {
          const body = JSON.stringify(res.body);
          expect(body, `${url} after`).not.toContain(s.other.user.id);
          expect(body, `${url} after`).not.toContain(s.other.user.firstName);
        }
      }
    });

    it.each(writeKeys)('%s on the other member is refused, the database unchanged', async (key) => {
      const write = WRITES[key]!;
      const s = await scene();
      const otherPost = await buildPost(t.context, s.other.user.id, { title: 'Theirs' });
      const thirdPost = await buildPost(t.context, s.third.user.id, { title: 'A third' });
      const otherComment = await buildComment(t.context, {
        postId: thirdPost.id,
        authorId: s.other.user.id,
      });
      const [pending] = await t.context.db
        .insert(followRequests)
        .values({ followerId: s.other.user.id, followeeId: s.viewer.user.id })
        .returning();
      await block(direction, s);

      const before = await snapshot(t, write.mayChange);
      await write.attempt(t, {
        ...s,
        otherPost,
        thirdPost,
        otherCommentId: otherComment.id,
        requestId: pending!.id,
      });
      expect(await snapshot(t, write.mayChange)).toEqual(before);
      if (write.mayChange?.includes('blocks')) {
        const held = await t.context.db.select().from(blocks);
        expect(
          held.some(
            (row) =>
              [row.blockerId, row.blockedId].includes(s.viewer.user.id) &&
              [row.blockerId, row.blockedId].includes(s.other.user.id),
          ),
          'the block still stands',
        ).toBe(direction === directions[1]);
      }
    });

    it('the viewer cannot mention the other: the comment is posted, the mention stays plain text', async () => {
      const s = await scene();
      const thirdPost = await buildPost(t.context, s.third.user.id);
      await block(direction, s);
      const before = await snapshot(t, ['comments']);
      const res = await request(t.app)
        .post(`/api/posts/${thirdPost.id}/comments`)
        .set('Cookie', s.viewer.cookie)
        .send({ content: `Hi @[${s.other.user.firstName}](${s.other.user.id})` });
      expect(res.status).toBe(201);
      expect(res.body.comment.mentions).toEqual([]);
      expect(await snapshot(t, ['comments'])).toEqual(before);
    });

    it("a profile answers 404 'Profile not found', as for a member who does not exist", async () => {
      const s = await scene();
      await profileWithPhoto(t, s.other);
      await block(direction, s);
      const res = await request(t.app)
        .get(`/api/profile/${s.other.user.id}`)
        .set('Cookie', s.viewer.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Profile not found', code: 'PROFILE_NOT_FOUND' });
    });
  });

  it('an earlier mention of the blocked member is shown to the blocker without them (plain text)', async () => {
    const s = await scene();
    const thirdPost = await buildPost(t.context, s.third.user.id);
    const res = await request(t.app)
      .post(`/api/posts/${thirdPost.id}/comments`)
      .set('Cookie', s.third.cookie)
      .send({ content: `Meet @[${s.other.user.firstName}](${s.other.user.id})` });
    expect(res.body.comment.mentions.map((m: { _id: string }) => m._id)).toEqual([s.other.user.id]);
    await block(directions[0], s);
    const list = await request(t.app)
      .get(`/api/posts/${thirdPost.id}/comments`)
      .set('Cookie', s.viewer.cookie);
    expect(list.body.comments[0].mentions).toEqual([]);
  });
});
