import { API_ROUTES, routeKey, type ApiRoute } from '@kindred/contracts/api-routes';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { followRequests, matches, photoVerifications, reports } from '../db/schema.js';
import type { AppContext } from '../context.js';
import type { TestApp } from './app.js';
import {
  buildUser,
  sessionCookieFor,
  signedInUser,
  TEST_PASSWORD,
  type UserRow,
} from './factories.js';

/**
 * The authorization matrix (issue 19): every route of the API's own table, tried by every kind of
 * caller against one member's things (the "owner": their account, profile, photo, post, comment,
 * notifications, follow requests, sessions, checkout, plan). Shared by authorization-matrix.test.ts,
 * which asserts each cell, and `pnpm security:matrix`, which prints the table into docs/security.md.
 */

export const ACTORS = [
  'anonymous',
  'pending',
  'stranger',
  'follower',
  'owner',
  'moderator',
  'disabled',
  'suspended',
  'deleted',
] as const;
export type Actor = (typeof ACTORS)[number];

export const ACTOR_DESCRIPTIONS: Record<Actor, string> = {
  anonymous: 'no session cookie',
  pending: 'a half-finished sign-in: password given, second factor not (its own account)',
  stranger: 'a signed-in member with no relation to the owner',
  follower: 'a signed-in member who follows the owner',
  owner: 'the member whose things are acted on',
  moderator: 'a signed-in member with the moderator role',
  disabled: 'the cookie of a member who has since disabled their account',
  suspended: 'the cookie of a member a moderator has since suspended',
  deleted: 'the cookie of a member who has since deleted their account',
};

/**
 * Who a route is for:
 *  - `public`: anyone, signed in or not;
 *  - `entry`: the account-entry chain, open to a half-finished sign-in for its own account only —
 *    every attempt here names the owner's account without the owner's secrets, so it is refused;
 *  - `member`: any signed-in member (full session), acting as themselves;
 *  - `owner`: the owner only; other members are refused (`refused`, 404 by default: they are not
 *    told the thing exists);
 *  - `moderator`: members with the moderator (or admin) role;
 *  - `stripe`: the payment provider's signed webhook, refused to every member's request.
 */
export type Access = 'public' | 'entry' | 'member' | 'owner' | 'moderator' | 'stripe';

export interface Attempt {
  path: string;
  body?: Record<string, unknown>;
  /** Multipart upload: the file field's name and a file. */
  upload?: { field: string; file: Buffer; filename: string };
  /** The cookie to send instead of the actor's own (the owner's cell on a route that ends it). */
  cookie?: string;
}

export interface RouteCase {
  access: Access;
  /** The status a permitted caller gets (200 unless said). */
  ok?: number;
  /** The status another member gets on an owner-only route (404 unless said). */
  refused?: number;
  /** Cells whose status differs from what the access class gives, with the reason in a comment. */
  cells?: Partial<Record<Actor, number>>;
  /** Tables a refused write may rightly change (a wrong code counted against the code). */
  mayChange?: readonly string[];
  /**
   * A write that answers 2xx to other members but must not touch the owner's things (marking the
   * owner's notifications read): the database is checked unchanged for every caller but the owner.
   */
  noEffectForOthers?: boolean;
  attempt: (w: World, actor: Actor) => Promise<Attempt>;
  /** Puts the world back after a permitted cell, so later cells meet the same world. */
  undo?: (w: World, actor: Actor, attempt: Attempt) => Promise<void>;
}

export interface Member {
  user: UserRow;
  cookie: string;
}

/**
 * The features' own test factories, handed in by the test files (helpers under src/test reach
 * features only through their index.ts).
 */
export interface Factories {
  buildPost(
    context: AppContext,
    authorId: string,
    overrides?: { title?: string },
  ): Promise<{ id: string }>;
  buildComment(
    context: AppContext,
    values: { postId: string; authorId: string; content?: string },
  ): Promise<{ id: string }>;
  buildFollow(context: AppContext, followerId: string, followeeId: string): Promise<void>;
  uploadPhotos(t: TestApp, cookie: string, count: number): Promise<string[]>;
  validProfile(overrides?: Record<string, unknown>): Record<string, unknown>;
  plainJpeg(width?: number, height?: number): Promise<Buffer>;
}

export interface World {
  t: TestApp;
  factories: Factories;
  members: Record<Actor, Member | undefined>;
  owner: Member;
  photoUrl: string;
  photoFilename: string;
  postId: string;
  commentId: string;
  notificationId: string;
}

const ok = (status: number) => status >= 200 && status < 300;

export async function sendAttempt(t: TestApp, method: string, attempt: Attempt, cookie?: string) {
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = request(t.app)[verb](attempt.path);
  const sessionCookie = attempt.cookie ?? cookie;
  if (sessionCookie) req = req.set('Cookie', sessionCookie);
  if (attempt.path.endsWith('/stream')) {
    // An event stream stays open: its status is known at the first chunk, then it is closed.
    return req.buffer(true).parse((res, done) => {
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        done(null, null);
        (res as unknown as { destroy(): void }).destroy();
      };
      res.once('data', finish);
      res.once('end', finish);
    });
  }
  if (attempt.upload) {
    for (const [name, value] of Object.entries(attempt.body ?? {}))
      req = req.field(name, String(value));
    return req.attach(attempt.upload.field, attempt.upload.file, attempt.upload.filename);
  }
  return attempt.body === undefined ? req : req.send(attempt.body);
}

function expectOk(res: request.Response, what: string) {
  if (!ok(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A second session of the owner, for the owner's cell on routes that end the session they use. */
const ownerSecondSession = (w: World) => sessionCookieFor(w.t.context, w.owner.user.id);

/**
 * A second session of the actor's own, for routes that end the session they are sent with (the
 * dead cookies of disabled, suspended and deleted members are sent as they are).
 */
async function sessionToEnd(w: World, actor: Actor): Promise<string | undefined> {
  const member = w.members[actor];
  if (!member || actor === 'disabled' || actor === 'suspended' || actor === 'deleted') {
    return member?.cookie;
  }
  return sessionCookieFor(w.t.context, member.user.id, actor === 'pending' ? 'pending' : 'full');
}

/** A member of their own, standing in as the owner on routes that disable or delete the account. */
async function ownerStandIn(w: World): Promise<Member> {
  return signedInUser(w.t.context);
}

async function ownerPhotos(w: World): Promise<string[]> {
  const res = await request(w.t.app)
    .get(`/api/profile/${w.owner.user.id}`)
    .set('Cookie', w.owner.cookie);
  expectOk(res, 'owner profile');
  return (res.body.profile?.photos ?? res.body.photos) as string[];
}

async function freshPost(w: World) {
  return w.factories.buildPost(w.t.context, w.owner.user.id, { title: 'The owner’s post' });
}

async function freshComment(w: World) {
  return w.factories.buildComment(w.t.context, {
    postId: w.postId,
    authorId: w.owner.user.id,
    content: 'The owner’s comment',
  });
}

async function freshFollowRequest(w: World) {
  const requester = await buildUser(w.t.context);
  const [row] = await w.t.context.db
    .insert(followRequests)
    .values({ followerId: requester.id, followeeId: w.owner.user.id })
    .returning();
  return row!.id;
}

/** A photo-verification attempt of the owner's, as issued (a challenge) or waiting for review. */
async function photoChallengeFor(w: World, status: 'challenged' | 'in-review') {
  const now = w.t.context.clock.now();
  const [row] = await w.t.context.db
    .insert(photoVerifications)
    .values({
      userId: w.owner.user.id,
      pose: 'tilt-left',
      status,
      expiresAt: new Date(now.getTime() + 60_000),
      submittedAt: status === 'in-review' ? now : null,
    })
    .returning({ id: photoVerifications.id });
  return row!.id;
}

async function freshReport(w: World) {
  const reporter = await signedInUser(w.t.context);
  expectOk(
    await request(w.t.app)
      .post('/api/reports')
      .set('Cookie', reporter.cookie)
      .send({ targetType: 'post', targetId: w.postId, reason: 'spam' }),
    'report',
  );
  const [row] = await w.t.context.db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.reporterId, reporter.user.id));
  return row!.id;
}

const ownerConversations = new WeakMap<World, Promise<string>>();

/**
 * The owner's conversation with a match of theirs (made once per world), with a message from the
 * match in it: only the owner of the two is among the callers.
 */
function ownerConversation(w: World): Promise<string> {
  let conversation = ownerConversations.get(w);
  if (!conversation) {
    conversation = (async () => {
      const partner = await signedInUser(w.t.context);
      const [low, high] = [partner.user.id, w.owner.user.id].sort();
      await w.t.context.db
        .insert(matches)
        .values({ memberLow: low!, memberHigh: high! })
        .onConflictDoNothing();
      const opened = await request(w.t.app)
        .post('/api/conversations')
        .set('Cookie', partner.cookie)
        .send({ userId: w.owner.user.id });
      expectOk(opened, 'conversation');
      const id = String(opened.body.conversation._id);
      expectOk(
        await request(w.t.app)
          .post(`/api/conversations/${id}/messages`)
          .set('Cookie', partner.cookie)
          .send({ text: 'Hello' }),
        'message',
      );
      return id;
    })();
    ownerConversations.set(w, conversation);
  }
  return conversation;
}

/** A message of the owner's own in their conversation, for the delete attempt. */
async function ownerMessage(w: World): Promise<{ conversationId: string; messageId: string }> {
  const conversationId = await ownerConversation(w);
  const sent = await request(w.t.app)
    .post(`/api/conversations/${conversationId}/messages`)
    .set('Cookie', w.owner.cookie)
    .send({ text: 'Mine' });
  expectOk(sent, 'own message');
  return { conversationId, messageId: String(sent.body.chatMessage._id) };
}

/** An open checkout of the owner's (or of a stand-in's, for the owner's cell that completes one). */
async function ownerCheckout(w: World, owner: Member = w.owner) {
  const res = await request(w.t.app)
    .post('/api/subscription/checkout')
    .set('Cookie', owner.cookie)
    .send({ planId: 'beginner' });
  expectOk(res, 'owner checkout');
  const url = String(res.body.url ?? res.body.checkoutUrl ?? '');
  const sessionId = url.split('/').filter(Boolean).pop() ?? '';
  if (!sessionId) throw new Error(`no checkout session in ${JSON.stringify(res.body)}`);
  return sessionId;
}

async function ownerOtherSessionHandle(w: World) {
  const other = await ownerSecondSession(w);
  const res = await request(w.t.app).get('/api/users/me/sessions').set('Cookie', other);
  expectOk(res, 'owner sessions');
  const sessions = res.body.sessions as { _id: string; current: boolean }[];
  return sessions.find((session) => session.current)!._id;
}

/**
 * Every route of the table, classified, with the attempt each caller makes against the owner.
 * A route of the table missing here fails the matrix test: a new route must be classified.
 */
export const ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/health': { access: 'public', attempt: async () => ({ path: '/api/health' }) },
  'GET /api/ready': { access: 'public', attempt: async () => ({ path: '/api/ready' }) },
  'GET /api/openapi.json': {
    access: 'public',
    attempt: async () => ({ path: '/api/openapi.json' }),
  },
  'GET /api/docs': { access: 'public', attempt: async () => ({ path: '/api/docs' }) },
  'GET /api/plans': { access: 'public', attempt: async () => ({ path: '/api/plans' }) },
  'GET /api/media/:key': { access: 'member', attempt: async (w) => ({ path: w.photoUrl }) },

  // Account entry, each naming the owner's account without its secrets.
  'POST /api/users/signup': {
    access: 'public',
    ok: 409,
    attempt: async (w) => ({
      path: '/api/users/signup',
      body: {
        firstName: 'Mallory',
        lastName: 'Squat',
        username: w.owner.user.email,
        email: w.owner.user.email,
        password: 'another-password-1',
        legalAgeConfirmed: true,
        termsAccepted: true,
      },
    }),
  },
  'POST /api/users/login': {
    access: 'public',
    ok: 401,
    attempt: async (w) => ({
      path: '/api/users/login',
      body: { email: w.owner.user.email, password: 'not-the-password' },
    }),
  },
  'POST /api/users/logout': {
    access: 'public',
    attempt: async (w, actor) => ({
      path: '/api/users/logout',
      cookie: await sessionToEnd(w, actor),
    }),
  },
  'POST /api/users/password/forgot': {
    access: 'public',
    attempt: async (w) => ({
      path: '/api/users/password/forgot',
      body: { email: w.owner.user.email },
    }),
  },
  'POST /api/users/password/reset': {
    access: 'public',
    ok: 400,
    // A wrong code, refused alike for every caller: its tries are counted per client, so no
    // caller's guesses spend the owner's (the row still counts every wrong guess).
    mayChange: ['verification_codes'],
    attempt: async (w) => ({
      path: '/api/users/password/reset',
      body: { email: w.owner.user.email, code: '000000', password: 'a-new-password-1' },
    }),
  },
  'POST /api/send-otp': {
    access: 'entry',
    cells: { owner: 409 }, // the owner's email is verified already
    attempt: async (w) => ({
      path: '/api/send-otp',
      body: { email: w.owner.user.email, userId: w.owner.user.id },
    }),
  },
  'POST /api/verify-otp': {
    access: 'entry',
    cells: { owner: 409 }, // the owner's email is verified already
    attempt: async (w) => ({
      path: '/api/verify-otp',
      body: { email: w.owner.user.email, otp: '000000' },
    }),
  },
  'POST /api/2fa/setup': {
    access: 'entry',
    cells: { owner: 409 }, // the owner's 2FA is on already
    attempt: async (w) => ({ path: '/api/2fa/setup', body: { userId: w.owner.user.id } }),
  },
  'POST /api/2fa/verify': {
    access: 'entry',
    cells: { owner: 403 }, // a full session has no second-factor challenge open
    attempt: async (w) => ({
      path: '/api/2fa/verify',
      body: { userId: w.owner.user.id, token: '000000' },
    }),
  },
  'GET /api/2fa/recovery-codes': {
    access: 'member',
    attempt: async () => ({ path: '/api/2fa/recovery-codes' }),
  },
  'POST /api/2fa/recovery-codes': {
    access: 'member',
    ok: 403, // new codes need the caller's own authenticator code; a wrong one is refused
    attempt: async () => ({ path: '/api/2fa/recovery-codes', body: { token: '000000' } }),
  },
  'POST /api/phone/send-code': {
    access: 'entry',
    // The phone step comes after 2FA: a half-finished sign-in is not there yet. The owner changing
    // their number must prove it is them (password or TOTP), which this attempt does not.
    cells: { pending: 401, owner: 403 },
    attempt: async (w) => ({
      path: '/api/phone/send-code',
      body: { userId: w.owner.user.id, phoneNumber: '+919876543210' },
    }),
  },
  'POST /api/phone/verify': {
    access: 'entry',
    cells: { pending: 401, owner: 400 }, // the owner: a wrong code
    attempt: async (w) => ({
      path: '/api/phone/verify',
      body: { userId: w.owner.user.id, phoneNumber: '+919876543210', code: '000000' },
    }),
  },

  // Profiles and photos
  'POST /api/profile/create': {
    access: 'owner', // the body names the owner: only the owner may send it
    refused: 403,
    attempt: async (w) => ({
      path: '/api/profile/create',
      body: w.factories.validProfile({ userId: w.owner.user.id, photos: [w.photoUrl] }),
    }),
  },
  'POST /api/profile/upload-photo': {
    access: 'member',
    ok: 201,
    attempt: async (w) => ({
      path: '/api/profile/upload-photo',
      body: { userId: w.owner.user.id },
      upload: { field: 'photo', file: await w.factories.plainJpeg(20, 20), filename: 'p.jpg' },
    }),
  },
  'POST /api/profile/update/:userId': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({
      path: `/api/profile/update/${w.owner.user.id}`,
      body: { bio: 'Written by whoever sent this' },
    }),
  },
  'PUT /api/profile/photos/order': {
    access: 'owner',
    refused: 400, // the owner's photos are not the caller's: the order is incomplete
    attempt: async (w) => ({
      path: '/api/profile/photos/order',
      body: { photos: (await ownerPhotos(w)).reverse() },
    }),
  },
  'PATCH /api/profile/photos/:filename': {
    access: 'owner', // another member's photo is not theirs to describe: "not found"
    attempt: async (w) => ({
      path: `/api/profile/photos/${w.photoFilename}`,
      body: { altText: 'Described by whoever sent this' },
    }),
  },
  'DELETE /api/profile/photo/:userId/:filename': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({
      path: `/api/profile/photo/${w.owner.user.id}/${w.photoFilename}`,
    }),
  },
  'GET /api/profile/:id': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/profile/${w.owner.user.id}` }),
  },

  // Members and the owner's account
  'GET /api/users/search': {
    access: 'member',
    attempt: async (w) => ({
      path: `/api/users/search?searchText=${encodeURIComponent(w.owner.user.firstName)}`,
    }),
  },
  'GET /api/users/me/privacy': {
    access: 'member',
    attempt: async () => ({ path: '/api/users/me/privacy' }),
  },
  'GET /api/users/me/sensitive-media': {
    access: 'member',
    attempt: async () => ({ path: '/api/users/me/sensitive-media' }),
  },
  'PUT /api/users/me/sensitive-media': {
    access: 'member', // each caller's own setting
    attempt: async () => ({
      path: '/api/users/me/sensitive-media',
      body: { sensitiveMedia: 'blur' },
    }),
  },
  'PUT /api/users/me/privacy': {
    access: 'member',
    attempt: async (w) => ({
      path: '/api/users/me/privacy',
      body: {
        userId: w.owner.user.id,
        whoCanFollow: 'everyone',
        defaultCommentPolicy: 'everyone',
        whoCanMention: 'everyone',
        searchable: true,
        showLocation: true,
      },
    }),
  },
  'GET /api/users/me/notification-settings': {
    access: 'member',
    attempt: async () => ({ path: '/api/users/me/notification-settings' }),
  },
  'PUT /api/users/me/notification-settings': {
    access: 'member',
    attempt: async (w) => {
      const current = await request(w.t.app)
        .get('/api/users/me/notification-settings')
        .set('Cookie', w.owner.cookie);
      return { path: '/api/users/me/notification-settings', body: current.body.settings };
    },
  },
  'POST /api/users/me/password': {
    access: 'member',
    ok: 403, // a wrong current password
    attempt: async () => ({
      path: '/api/users/me/password',
      body: { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' },
    }),
  },
  'POST /api/users/me/email': {
    access: 'member',
    ok: 403, // a wrong password
    attempt: async (w) => ({
      path: '/api/users/me/email',
      body: { password: 'not-the-password', newEmail: `taken-${w.owner.user.email}` },
    }),
  },
  'POST /api/users/me/email/verify': {
    access: 'member',
    ok: 400,
    attempt: async () => ({ path: '/api/users/me/email/verify', body: { code: '000000' } }),
  },
  'GET /api/users/me/sessions': {
    access: 'member',
    attempt: async () => ({ path: '/api/users/me/sessions' }),
  },
  'DELETE /api/users/me/sessions/:id': {
    access: 'owner',
    attempt: async (w) => ({ path: `/api/users/me/sessions/${await ownerOtherSessionHandle(w)}` }),
  },
  'DELETE /api/users/me/sessions': {
    access: 'member',
    attempt: async () => ({ path: '/api/users/me/sessions' }),
  },
  'GET /api/users/:id': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/users/${w.owner.user.id}` }),
  },
  'GET /api/users/:id/subscription': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({ path: `/api/users/${w.owner.user.id}/subscription` }),
  },
  'POST /api/users/:id/disable': {
    access: 'owner',
    refused: 403,
    attempt: async (w, actor) => {
      const target = actor === 'owner' ? await ownerStandIn(w) : w.owner;
      return {
        path: `/api/users/${target.user.id}/disable`,
        body: { currentPassword: TEST_PASSWORD },
        cookie: actor === 'owner' ? target.cookie : undefined,
      };
    },
  },
  'DELETE /api/users/:id': {
    access: 'owner',
    refused: 403,
    attempt: async (w, actor) => {
      const target = actor === 'owner' ? await ownerStandIn(w) : w.owner;
      return {
        path: `/api/users/${target.user.id}`,
        body: { currentPassword: TEST_PASSWORD },
        cookie: actor === 'owner' ? target.cookie : undefined,
      };
    },
  },

  // Plans and paying
  'POST /api/subscription/select-plan': {
    access: 'owner', // the body names the owner
    refused: 403,
    attempt: async (w) => ({
      path: '/api/subscription/select-plan',
      body: { userId: w.owner.user.id, planId: 'free' },
    }),
  },
  'GET /api/entitlements': {
    access: 'member',
    attempt: async () => ({ path: '/api/entitlements' }),
  },
  'POST /api/subscription/checkout': {
    access: 'member',
    attempt: async () => ({ path: '/api/subscription/checkout', body: { planId: 'beginner' } }),
  },
  'GET /api/subscription/checkout/test/:sessionId': {
    access: 'owner',
    attempt: async (w) => ({ path: `/api/subscription/checkout/test/${await ownerCheckout(w)}` }),
  },
  'POST /api/subscription/checkout/test/:sessionId/complete': {
    access: 'owner',
    // Completing buys the plan, after which the owner could open no other checkout: the owner's
    // cell completes a stand-in's.
    attempt: async (w, actor) => {
      const buyer = actor === 'owner' ? await ownerStandIn(w) : w.owner;
      return {
        path: `/api/subscription/checkout/test/${await ownerCheckout(w, buyer)}/complete`,
        cookie: actor === 'owner' ? buyer.cookie : undefined,
      };
    },
  },
  'POST /api/subscription/checkout/test/:sessionId/cancel': {
    access: 'owner',
    attempt: async (w) => ({
      path: `/api/subscription/checkout/test/${await ownerCheckout(w)}/cancel`,
    }),
  },
  'GET /api/subscription/billing': {
    access: 'member',
    attempt: async () => ({ path: '/api/subscription/billing' }),
  },
  'POST /api/subscription/cancel': {
    access: 'member',
    ok: 409, // each caller's own plan, and none of them has a paid one to cancel
    attempt: async () => ({ path: '/api/subscription/cancel' }),
  },
  'POST /api/subscription/webhook': {
    access: 'stripe', // served only with the Stripe provider; the tests run the test-mode one
    attempt: async (w) => ({
      path: '/api/subscription/webhook',
      body: {
        type: 'checkout.session.completed',
        data: {
          object: { client_reference_id: w.owner.user.id, metadata: { planId: 'professional' } },
        },
      },
    }),
  },

  // Places
  'GET /api/geo/reverse': {
    access: 'member',
    attempt: async () => ({ path: '/api/geo/reverse?lat=48.85&lon=2.35' }),
  },
  'GET /api/geo/cities': {
    access: 'member',
    attempt: async () => ({ path: '/api/geo/cities?q=Par' }),
  },

  // Posts and comments
  'GET /api/posts': { access: 'member', attempt: async () => ({ path: '/api/posts' }) },
  'GET /api/posts/following/:id': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({ path: `/api/posts/following/${w.owner.user.id}` }),
  },
  'GET /api/posts/user/:id': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/posts/user/${w.owner.user.id}` }),
  },
  'GET /api/posts/:postId': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/posts/${w.postId}` }),
  },
  'POST /api/posts/create': {
    access: 'member',
    ok: 201,
    attempt: async () => ({
      path: '/api/posts/create',
      body: { title: 'A post', description: 'Hello' },
    }),
  },
  'POST /api/posts/like': {
    access: 'member',
    attempt: async (w) => ({ path: '/api/posts/like', body: { postId: w.postId } }),
  },
  'DELETE /api/posts/:postId': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({ path: `/api/posts/${(await freshPost(w)).id}` }),
  },
  'PATCH /api/posts/:postId': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({ path: `/api/posts/${w.postId}`, body: { title: 'Rewritten' } }),
  },
  'GET /api/posts/:postId/comments': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/posts/${w.postId}/comments` }),
  },
  'POST /api/posts/:postId/comments': {
    access: 'member',
    ok: 201,
    attempt: async (w) => ({
      path: `/api/posts/${w.postId}/comments`,
      body: { content: 'A reply', parentCommentId: w.commentId },
    }),
  },
  'POST /api/posts/comment': {
    access: 'member',
    ok: 201,
    attempt: async (w) => ({
      path: '/api/posts/comment',
      body: { postId: w.postId, content: 'A comment' },
    }),
  },
  'DELETE /api/posts/:postId/comments/:commentId': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({
      path: `/api/posts/${w.postId}/comments/${(await freshComment(w)).id}`,
    }),
  },
  'PATCH /api/posts/:postId/comments/:commentId': {
    access: 'owner',
    refused: 403,
    attempt: async (w) => ({
      path: `/api/posts/${w.postId}/comments/${w.commentId}`,
      body: { content: 'Rewritten' },
    }),
  },

  // Following
  'POST /api/connections/isFollowing': {
    access: 'member',
    attempt: async (w) => ({
      path: '/api/connections/isFollowing',
      body: { followedUserId: w.owner.user.id },
    }),
  },
  'POST /api/connections/follow': {
    access: 'member',
    cells: { owner: 400 }, // following oneself
    attempt: async (w) => ({
      path: '/api/connections/follow',
      body: { followedUserId: w.owner.user.id },
    }),
    // The follow toggles: toggling again restores the follower's follow and the stranger's none.
    undo: async (w, actor, attempt) => {
      await sendAttempt(w.t, 'POST', attempt, w.members[actor]?.cookie);
    },
  },
  'GET /api/connections/getFollowersAndFollowings/:id': {
    access: 'member',
    attempt: async (w) => ({
      path: `/api/connections/getFollowersAndFollowings/${w.owner.user.id}`,
    }),
  },
  'GET /api/connections/followers/:id': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/connections/followers/${w.owner.user.id}` }),
  },
  'GET /api/connections/following/:id': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/connections/following/${w.owner.user.id}` }),
  },
  'GET /api/connections/requests': {
    access: 'member',
    attempt: async () => ({ path: '/api/connections/requests' }),
  },
  'POST /api/connections/requests/:id/approve': {
    access: 'owner',
    attempt: async (w) => ({
      path: `/api/connections/requests/${await freshFollowRequest(w)}/approve`,
    }),
  },
  'POST /api/connections/requests/:id/decline': {
    access: 'owner',
    attempt: async (w) => ({
      path: `/api/connections/requests/${await freshFollowRequest(w)}/decline`,
    }),
  },

  // Blocks and mutes: each caller's own lists; acting on the owner as a target.
  'POST /api/blocks': {
    access: 'member',
    cells: { owner: 400 }, // blocking oneself
    attempt: async (w) => ({ path: '/api/blocks', body: { userId: w.owner.user.id } }),
    undo: async (w, actor) => {
      await sendAttempt(
        w.t,
        'DELETE',
        { path: `/api/blocks/${w.owner.user.id}` },
        w.members[actor]?.cookie,
      );
    },
  },
  'DELETE /api/blocks/:userId': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/blocks/${w.owner.user.id}` }),
  },
  'GET /api/blocks': { access: 'member', attempt: async () => ({ path: '/api/blocks' }) },
  'POST /api/mutes': {
    access: 'member',
    cells: { owner: 400 }, // muting oneself
    attempt: async (w) => ({ path: '/api/mutes', body: { userId: w.owner.user.id } }),
    undo: async (w, actor) => {
      await sendAttempt(
        w.t,
        'DELETE',
        { path: `/api/mutes/${w.owner.user.id}` },
        w.members[actor]?.cookie,
      );
    },
  },
  'DELETE /api/mutes/:userId': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/mutes/${w.owner.user.id}` }),
  },
  'GET /api/mutes': { access: 'member', attempt: async () => ({ path: '/api/mutes' }) },
  'GET /api/mutes/:userId': {
    access: 'member',
    attempt: async (w) => ({ path: `/api/mutes/${w.owner.user.id}` }),
  },

  // Reports and moderation
  'POST /api/reports': {
    access: 'member',
    ok: 201,
    cells: { owner: 400 }, // reporting one's own post
    attempt: async (w) => ({
      path: '/api/reports',
      body: { targetType: 'post', targetId: w.postId, reason: 'spam' },
    }),
  },
  'GET /api/moderation/reports': {
    access: 'moderator',
    attempt: async () => ({ path: '/api/moderation/reports' }),
  },
  'POST /api/moderation/reports/:id/resolve': {
    access: 'moderator',
    attempt: async (w) => ({
      path: `/api/moderation/reports/${await freshReport(w)}/resolve`,
      body: { action: 'dismiss', note: 'Not spam' },
    }),
  },
  'GET /api/moderation/log': {
    access: 'moderator',
    attempt: async () => ({ path: '/api/moderation/log' }),
  },

  // Photo verification: each member's own state and challenges; the review is for moderators.
  'GET /api/verification/photo': {
    access: 'member',
    attempt: async () => ({ path: '/api/verification/photo' }),
  },
  'POST /api/verification/photo/challenge': {
    access: 'member',
    ok: 201,
    attempt: async () => ({ path: '/api/verification/photo/challenge' }),
  },
  'POST /api/verification/photo': {
    // Answering the owner's challenge: another member is told it does not exist.
    access: 'owner',
    mayChange: ['photo_verifications'], // the attempt itself issues the owner's challenge
    attempt: async (w) => ({
      path: '/api/verification/photo',
      body: { challengeId: await photoChallengeFor(w, 'challenged') },
      upload: { field: 'selfie', file: await w.factories.plainJpeg(20, 20), filename: 's.jpg' },
    }),
  },
  'GET /api/moderation/photo-verifications': {
    access: 'moderator',
    attempt: async () => ({ path: '/api/moderation/photo-verifications' }),
  },
  'POST /api/moderation/photo-verifications/:id/decision': {
    access: 'moderator',
    mayChange: ['photo_verifications'], // the attempt itself puts the owner's selfie in review
    attempt: async (w) => ({
      path: `/api/moderation/photo-verifications/${await photoChallengeFor(w, 'in-review')}/decision`,
      body: { decision: 'refuse' },
    }),
  },

  // Likes, passes and matches: acting on the owner as a target; lists are each caller's own.
  'POST /api/matches/like': {
    access: 'member',
    cells: { owner: 400 }, // liking oneself
    attempt: async (w) => ({ path: '/api/matches/like', body: { userId: w.owner.user.id } }),
  },
  'POST /api/matches/pass': {
    access: 'member',
    cells: { owner: 400 }, // passing oneself
    attempt: async (w) => ({ path: '/api/matches/pass', body: { userId: w.owner.user.id } }),
  },
  'GET /api/matches': { access: 'member', attempt: async () => ({ path: '/api/matches' }) },
  'GET /api/matches/likes-you': {
    access: 'member',
    attempt: async () => ({ path: '/api/matches/likes-you' }),
  },
  'DELETE /api/matches/:userId': {
    access: 'member',
    cells: { owner: 404 }, // nobody is matched with themself
    // Each member ends their own match with the owner, made for the attempt.
    attempt: async (w, actor) => {
      const member = w.members[actor];
      if (member && ['stranger', 'follower', 'moderator'].includes(actor)) {
        const [low, high] = [member.user.id, w.owner.user.id].sort();
        await w.t.context.db
          .insert(matches)
          .values({ memberLow: low!, memberHigh: high! })
          .onConflictDoNothing();
      }
      return { path: `/api/matches/${w.owner.user.id}` };
    },
  },
  'GET /api/profile/visitors': {
    access: 'member',
    // The matrix's members are on plans without profileVisitors: 403 PLAN_LIMIT (each plan's
    // case is in entitlements.test.ts).
    ok: 403,
    attempt: async () => ({ path: '/api/profile/visitors' }),
  },

  // Discover and boosts: each caller's own list and own boost.
  'GET /api/discover': { access: 'member', attempt: async () => ({ path: '/api/discover' }) },
  'GET /api/boost': { access: 'member', attempt: async () => ({ path: '/api/boost' }) },
  'POST /api/boost': {
    access: 'member',
    ok: 403, // the members here are on the free trial, whose plan has no boosts (PLAN_LIMIT)
    attempt: async () => ({ path: '/api/boost' }),
  },

  // Notifications: each caller's own
  'GET /api/notifications': {
    access: 'member',
    attempt: async () => ({ path: '/api/notifications' }),
  },
  'POST /api/notifications/read': {
    access: 'member',
    noEffectForOthers: true,
    attempt: async (w) => ({ path: '/api/notifications/read', body: { ids: [w.notificationId] } }),
  },
  'GET /api/notifications/stream': {
    access: 'member',
    attempt: async () => ({ path: '/api/notifications/stream' }),
  },

  // Messages: each caller's own conversations; the owner's conversation is for the owner only.
  'GET /api/conversations': {
    access: 'member',
    attempt: async () => ({ path: '/api/conversations' }),
  },
  'POST /api/conversations': {
    access: 'member',
    cells: { owner: 400 }, // messaging oneself
    attempt: async (w) => ({ path: '/api/conversations', body: { userId: w.owner.user.id } }),
  },
  'GET /api/conversations/unread-count': {
    access: 'member',
    attempt: async () => ({ path: '/api/conversations/unread-count' }),
  },
  'GET /api/conversations/:id/messages': {
    access: 'owner',
    attempt: async (w) => ({ path: `/api/conversations/${await ownerConversation(w)}/messages` }),
  },
  'POST /api/conversations/:id/messages': {
    access: 'owner',
    ok: 201,
    attempt: async (w) => ({
      path: `/api/conversations/${await ownerConversation(w)}/messages`,
      body: { text: 'Written by whoever sent this' },
    }),
  },
  'POST /api/conversations/:id/read': {
    access: 'owner',
    attempt: async (w) => ({ path: `/api/conversations/${await ownerConversation(w)}/read` }),
  },
  'DELETE /api/conversations/:id/messages/:messageId': {
    access: 'owner',
    attempt: async (w) => {
      const { conversationId, messageId } = await ownerMessage(w);
      return { path: `/api/conversations/${conversationId}/messages/${messageId}` };
    },
  },
};

export const ROUTES = API_ROUTES as readonly ApiRoute[];
export const unclassifiedRoutes = () => ROUTES.map(routeKey).filter((key) => !(key in ROUTE_CASES));
export const staleCases = () =>
  Object.keys(ROUTE_CASES).filter((key) => !ROUTES.map(routeKey).includes(key));

/** The status a caller should get on a route, from its class (and its declared exceptions). */
export function expectedStatus(routeCase: RouteCase, actor: Actor): number {
  const declared = routeCase.cells?.[actor];
  if (declared !== undefined) return declared;
  const success = routeCase.ok ?? 200;
  if (routeCase.access === 'public') return success;
  const signedOut =
    actor === 'anonymous' ||
    actor === 'pending' ||
    actor === 'disabled' ||
    actor === 'suspended' ||
    actor === 'deleted';
  if (routeCase.access === 'stripe') return 404;
  if (routeCase.access === 'entry') {
    if (
      actor === 'anonymous' ||
      actor === 'disabled' ||
      actor === 'suspended' ||
      actor === 'deleted'
    )
      return 401;
    return actor === 'owner' ? success : 403;
  }
  if (signedOut) return 401;
  if (routeCase.access === 'member') return success;
  if (routeCase.access === 'moderator') return actor === 'moderator' ? success : 403;
  return actor === 'owner' ? success : (routeCase.refused ?? 404);
}

/** Whether a cell writes (so the database is checked unchanged when it is refused). */
export const isWrite = (route: ApiRoute) => route.method !== 'GET';

/**
 * Row counts and a hash of every table where a member's data lives, to prove a refused write
 * changed nothing. Sessions, rate-limit counters, failure counters and the live-event buffer are
 * left out: a refused request may rightly touch them.
 */
const VOLATILE_TABLES = new Set([
  'sessions',
  'rate_limits',
  'auth_failures',
  'live_event_payloads',
]);

/**
 * The digest query of an app's database, built once: reading the table list from
 * information_schema took as long as digesting every table, twice per checked cell, and no
 * request creates or drops a table.
 */
const snapshotQueries = new WeakMap<TestApp, Promise<string>>();

export async function databaseSnapshot(t: TestApp): Promise<Record<string, string>> {
  let query = snapshotQueries.get(t);
  if (!query) {
    query = snapshotQuery(t);
    snapshotQueries.set(t, query);
  }
  const result = await t.context.db.execute(sql.raw(await query));
  const rows = (result as unknown as { rows: { name: string; digest: string }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

async function snapshotQuery(t: TestApp): Promise<string> {
  const listed = await t.context.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = (listed as unknown as { rows: { table_name: string }[] }).rows
    .map((row) => row.table_name)
    .filter((name) => !VOLATILE_TABLES.has(name) && !name.startsWith('__'));
  return names
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from "${name}" r`,
    )
    .join(' union all ');
}

/** The one world every cell acts in. */
export async function buildWorld(t: TestApp, factories: Factories): Promise<World> {
  const context = t.context;
  const { buildComment, buildFollow, buildPost, uploadPhotos, validProfile } = factories;
  const owner = await signedInUser(context, { firstName: 'Olivia' });
  const [photoUrl] = await uploadPhotos(t, owner.cookie, 1);
  expectOk(
    await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', owner.cookie)
      .send(validProfile({ firstName: 'Olivia', photos: [photoUrl] })),
    'owner profile',
  );
  const post = await buildPost(context, owner.user.id, { title: 'The owner’s post' });
  const comment = await buildComment(context, {
    postId: post.id,
    authorId: owner.user.id,
    content: 'The owner’s comment',
  });

  const stranger = await signedInUser(context);
  const follower = await signedInUser(context);
  await buildFollow(context, follower.user.id, owner.user.id);
  // A notification of the owner's: someone follows them through the API.
  expectOk(
    await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', follower.cookie)
      .send({ followedUserId: owner.user.id }),
    'unfollow',
  );
  expectOk(
    await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', follower.cookie)
      .send({ followedUserId: owner.user.id }),
    'follow',
  );
  const notes = await request(t.app).get('/api/notifications').set('Cookie', owner.cookie);
  const notificationId = String(notes.body.notifications?.[0]?._id ?? '');
  if (!notificationId) throw new Error(`no notification: ${JSON.stringify(notes.body)}`);

  const moderator = await signedInUser(context, { role: 'moderator' });
  const pendingUser = await buildUser(context, { totpEnabledAt: null });
  const pending = {
    user: pendingUser,
    cookie: await sessionCookieFor(context, pendingUser.id, 'pending'),
  };

  const disabled = await signedInUser(context);
  expectOk(
    await request(t.app)
      .post(`/api/users/${disabled.user.id}/disable`)
      .set('Cookie', disabled.cookie)
      .send({ currentPassword: TEST_PASSWORD }),
    'disable',
  );
  const deleted = await signedInUser(context);
  expectOk(
    await request(t.app)
      .delete(`/api/users/${deleted.user.id}`)
      .set('Cookie', deleted.cookie)
      .send({ currentPassword: TEST_PASSWORD }),
    'delete',
  );
  const suspended = await signedInUser(context);
  expectOk(
    await request(t.app)
      .post('/api/reports')
      .set('Cookie', stranger.cookie)
      .send({ targetType: 'member', targetId: suspended.user.id, reason: 'spam' }),
    'report',
  );
  const [suspendReport] = await context.db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.targetId, suspended.user.id));
  const reportId = suspendReport!.id;
  expectOk(
    await request(t.app)
      .post(`/api/moderation/reports/${reportId}/resolve`)
      .set('Cookie', moderator.cookie)
      .send({ action: 'suspend', note: 'Spam, again' }),
    'suspend',
  );

  return {
    t,
    factories,
    owner,
    members: {
      anonymous: undefined,
      pending,
      stranger,
      follower,
      owner,
      moderator,
      disabled,
      suspended,
      deleted,
    },
    photoUrl: photoUrl!,
    photoFilename: photoUrl!.split('/').pop()!,
    postId: post.id,
    commentId: comment.id,
    notificationId,
  };
}

export interface Cell {
  route: string;
  actor: Actor;
  expected: number;
  status: number;
  /** For a refused write: the tables whose rows changed (should be none). */
  changedTables: string[];
}

/** Runs one cell: the actor's attempt on the owner's things, and the database around it. */
export async function runCell(w: World, route: ApiRoute, actor: Actor): Promise<Cell> {
  const key = routeKey(route);
  const routeCase = ROUTE_CASES[key]!;
  const expected = expectedStatus(routeCase, actor);
  const attempt = await routeCase.attempt(w, actor);
  const checkUnchanged =
    isWrite(route) &&
    (!ok(expected) || (routeCase.noEffectForOthers === true && actor !== 'owner'));
  const before = checkUnchanged ? await databaseSnapshot(w.t) : undefined;
  const res = await sendAttempt(w.t, route.method, attempt, w.members[actor]?.cookie);
  let changedTables: string[] = [];
  if (before) {
    const after = await databaseSnapshot(w.t);
    changedTables = Object.keys(after).filter(
      (name) => after[name] !== before[name] && !routeCase.mayChange?.includes(name),
    );
  }
  if (ok(res.status) && routeCase.undo) await routeCase.undo(w, actor, attempt);
  return { route: key, actor, expected, status: res.status, changedTables };
}

/** The matrix as a Markdown table: routes × actors, each cell the status that caller got. */
export function matrixMarkdown(cells: readonly Cell[]): string {
  const header = `| Route | Access | ${ACTORS.join(' | ')} |`;
  const rule = `|---|---|${ACTORS.map(() => '---').join('|')}|`;
  const lines = ROUTES.map((route) => {
    const key = routeKey(route);
    const statuses = ACTORS.map((actor) => {
      const cell = cells.find((c) => c.route === key && c.actor === actor);
      if (!cell) return '–';
      const wrong = cell.status === cell.expected ? '' : ` ⚠ expected ${cell.expected}`;
      const changed =
        cell.changedTables.length === 0 ? '' : ` ⚠ changed ${cell.changedTables.join(', ')}`;
      return `${cell.status}${wrong}${changed}`;
    });
    return `| \`${key}\` | ${ROUTE_CASES[key]?.access ?? '?'} | ${statuses.join(' | ')} |`;
  });
  return [header, rule, ...lines].join('\n');
}

const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'anyone, signed in or not',
  entry:
    "the account-entry chain, open to a half-finished sign-in for its own account only (each attempt names the owner's account without the owner's secrets)",
  member: 'any fully signed-in member, acting as themselves',
  owner: 'the owner only; other members are refused',
  moderator: 'members with the moderator or admin role',
  stripe: "the payment provider's signed webhook (served only with the Stripe provider)",
};

/** The generated part of docs/security.md: who the callers are, the classes, and the table. */
export function matrixSection(cells: readonly Cell[]): string {
  const wrong = cells.filter((cell) => cell.status !== cell.expected || cell.changedTables.length);
  return [
    `${ROUTES.length} routes × ${ACTORS.length} callers = ${cells.length} requests; ${wrong.length} cells differ from what their route's class promises.`,
    '',
    'Callers:',
    '',
    ...ACTORS.map((actor) => `- **${actor}**: ${ACTOR_DESCRIPTIONS[actor]}`),
    '',
    'Access classes:',
    '',
    ...(Object.keys(ACCESS_DESCRIPTIONS) as Access[]).map(
      (access) => `- **${access}**: ${ACCESS_DESCRIPTIONS[access]}`,
    ),
    '',
    matrixMarkdown(cells),
  ].join('\n');
}
