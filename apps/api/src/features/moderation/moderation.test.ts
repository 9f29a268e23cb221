import { existsSync } from 'node:fs';
import { API_ROUTES, type ApiRoute } from '@kindred/contracts/api-routes';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  moderationLog,
  photos,
  photoVerifications,
  posts,
  reports,
  sessions,
  users,
} from '../../db/schema.js';
import {
  GOOD_PASSWORD,
  LOOSE_RATE_LIMITS,
  signUpFully,
  verifyTwoFactor,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailCatcher } from '../../test/mail.js';
import { buildUser, signedInUser, TEST_PASSWORD, type UserRow } from '../../test/factories.js';
import { buildComment, buildPost, pngImage } from '../posts/test-factories.js';
import { uploadPhotos, validProfile } from '../profiles/test-fixtures.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mailer: mail.mailer,
    rateLimits: LOOSE_RATE_LIMITS,
    env: { SUPPORT_EMAIL: 'help@kindred.test' },
  });
});
afterAll(async () => {
  await t.close();
});

const moderator = () => signedInUser(t.context, { role: 'moderator' });

async function reportOf(
  cookie: string,
  body: { targetType: string; targetId: string; reason: string; note?: string },
) {
  const res = await request(t.app).post('/api/reports').set('Cookie', cookie).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.report._id as string;
}

function resolve(cookie: string, reportId: string, body: Record<string, unknown>) {
  return request(t.app)
    .post(`/api/moderation/reports/${reportId}/resolve`)
    .set('Cookie', cookie)
    .send(body);
}

async function openCases(cookie: string, query = '') {
  const res = await request(t.app)
    .get(`/api/moderation/reports${query}`)
    .set('Cookie', cookie)
    .expect(200);
  return res.body as {
    cases: {
      _id: string;
      targetId: string;
      reporterCount: number;
      reasons: string[];
      snapshot: Record<string, unknown>;
      reports: { note: string; status: string }[];
      earlierReports: { action: string }[];
      targetMember: { _id: string; status: string } | null;
    }[];
    nextCursor: string | null;
  };
}

const moderationRoutes = (API_ROUTES as readonly ApiRoute[]).filter((route) =>
  route.path.startsWith('/api/moderation/'),
);

describe('who reaches the moderation routes (generated from the route table)', () => {
  it('lists the moderation routes', () => {
    expect(moderationRoutes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /api/moderation/photo-verifications',
      'POST /api/moderation/photo-verifications/:id/decision',
      'GET /api/moderation/reports',
      'POST /api/moderation/reports/:id/resolve',
      'GET /api/moderation/log',
    ]);
  });

  /**
   * What each route acts on: an open report (resolved with 'dismiss'), or for the photo checks a
   * selfie waiting for a moderator (refused); `pending` says whether it is still untouched.
   */
  async function targetOf(route: ApiRoute, reader: { cookie: string }) {
    if (route.path.startsWith('/api/moderation/photo-verifications')) {
      const member = await signedInUser(t.context);
      const [attempt] = await t.context.db
        .insert(photoVerifications)
        .values({
          userId: member.user.id,
          pose: 'tilt-left',
          status: 'in-review',
          expiresAt: new Date(t.clock.now().getTime() + 60_000),
          submittedAt: t.clock.now(),
          similarity: 0.6,
          poseMatched: true,
        })
        .returning();
      const pending = async () => {
        const [row] = await t.context.db
          .select()
          .from(photoVerifications)
          .where(eq(photoVerifications.id, attempt!.id));
        return row!.status === 'in-review';
      };
      return { id: attempt!.id, body: { decision: 'refuse' }, pending };
    }
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const reportId = await reportOf(reader.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    const pending = async () => {
      const [row] = await t.context.db.select().from(reports).where(eq(reports.id, reportId));
      return row!.status === 'open';
    };
    return { id: reportId, body: { action: 'dismiss' }, pending };
  }

  it.each(moderationRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 401 without a session, 403 for a member, open to moderators and admins',
    async (_key, route) => {
      const reader = await signedInUser(t.context);
      const target = await targetOf(route, reader);
      const path = route.path.replace(':id', target.id);
      const call = (cookie?: string) => {
        const req =
          route.method === 'GET'
            ? request(t.app).get(path)
            : request(t.app).post(path).send(target.body);
        return cookie ? req.set('Cookie', cookie) : req;
      };

      expect((await call()).status).toBe(401);
      const member = await call(reader.cookie);
      expect(member.status).toBe(403);
      expect(member.body).toMatchObject({
        message: 'Only moderators can do this.',
        code: 'FORBIDDEN',
      });
      // Neither the 401 nor the member's 403 changed anything.
      expect(await target.pending()).toBe(true);

      const moderated = await call((await moderator()).cookie);
      expect(moderated.status, JSON.stringify(moderated.body)).toBe(200);
      // A moderator's POST acts on the target; a GET only reads.
      expect(await target.pending()).toBe(route.method === 'GET');
      if (route.method === 'GET') {
        const admin = await signedInUser(t.context, { role: 'admin' });
        expect((await call(admin.cookie)).status).toBe(200);
      }
    },
  );

  it('takes a demotion into account at once (the role is read on every request)', async () => {
    const mod = await moderator();
    await request(t.app).get('/api/moderation/log').set('Cookie', mod.cookie).expect(200);
    await t.context.db.update(users).set({ role: 'member' }).where(eq(users.id, mod.user.id));
    await request(t.app).get('/api/moderation/log').set('Cookie', mod.cookie).expect(403);
  });

  it('names the role in the sign-in answer of moderators and admins only', async () => {
    const agent = request.agent(t.app);
    const account = await signUpFully(t, agent, mail);
    const signIn = async () => {
      const fresh = request.agent(t.app);
      await fresh
        .post('/api/users/login')
        .send({ email: account.email, password: GOOD_PASSWORD, coordinates: null })
        .expect(200);
      const res = await verifyTwoFactor(t, fresh, account.userId, account.secret);
      expect(res.status).toBe(200);
      return res.body.user as Record<string, unknown>;
    };
    expect(await signIn()).not.toHaveProperty('role');
    await t.context.db.update(users).set({ role: 'moderator' }).where(eq(users.id, account.userId));
    expect((await signIn()).role).toBe('moderator');
  });

  it('shows a member their own role in their own record only', async () => {
    const mod = await moderator();
    const other = await signedInUser(t.context);
    const own = await request(t.app)
      .get(`/api/users/${mod.user.id}`)
      .set('Cookie', mod.cookie)
      .expect(200);
    expect(own.body.user.role).toBe('moderator');
    const seen = await request(t.app)
      .get(`/api/users/${mod.user.id}`)
      .set('Cookie', other.cookie)
      .expect(200);
    expect(seen.body.user).not.toHaveProperty('role');
  });
});

describe('GET /api/moderation/reports', () => {
  it('groups open reports by target with the snapshot, reporter count, reasons and earlier reports', async () => {
    const mod = await moderator();
    const author = await signedInUser(t.context);
    const [a, b, c] = [
      await signedInUser(t.context),
      await signedInUser(t.context),
      await signedInUser(t.context),
    ];
    const post = await buildPost(t.context, author.user.id, { title: 'Original title' });

    // An earlier round, dismissed.
    const first = await reportOf(a.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'other',
    });
    t.clock.advance(1000);
    await resolve(mod.cookie, first, { action: 'dismiss', note: 'Looks fine' }).expect(200);

    t.clock.advance(1000);
    await reportOf(a.cookie, { targetType: 'post', targetId: post.id, reason: 'spam' });
    await t.context.db.update(posts).set({ title: 'Edited away' }).where(eq(posts.id, post.id));
    t.clock.advance(1000);
    await reportOf(b.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'harassment',
      note: 'Aimed at me',
    });
    t.clock.advance(1000);
    const newest = await reportOf(c.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'spam',
    });

    const { cases } = await openCases(mod.cookie, '?status=open&limit=50');
    const found = cases.find((item) => item.targetId === post.id)!;
    expect(found).toMatchObject({
      _id: newest,
      reporterCount: 3,
      reasons: ['spam', 'harassment'],
      targetMember: { _id: author.user.id, status: 'active' },
      // The content as it was first reported in this round.
      snapshot: { type: 'post', title: 'Original title' },
      earlierReports: [{ action: 'dismiss' }],
    });
    expect(found.reports.map((item) => item.note)).toEqual(['', 'Aimed at me', '']);
    // No reporter is named, not even to moderators.
    const body = JSON.stringify(found);
    for (const reporter of [a, b, c]) {
      expect(body).not.toContain(reporter.user.id);
      expect(body).not.toContain(reporter.user.firstName);
    }
  });

  it('pages cases by keyset and hydrates a page in the same number of statements, whatever its size', async () => {
    const mod = await moderator();
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const postIds: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1000);
      const post = await buildPost(t.context, author.user.id);
      postIds.push(post.id);
      await reportOf(reader.cookie, { targetType: 'post', targetId: post.id, reason: 'spam' });
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await openCases(
        mod.cookie,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.cases.length).toBeLessThanOrEqual(2);
      seen.push(...page.cases.map((item) => item.targetId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first: the five posts reported last lead the queue.
    expect(seen.slice(0, 5)).toEqual([...postIds].reverse());

    const statementsFor = async (limit: number) => {
      let count = 0;
      const stop = t.context.database.onQuery(() => {
        count += 1;
      });
      try {
        const page = await openCases(mod.cookie, `?limit=${limit}`);
        expect(page.cases.length).toBe(limit);
      } finally {
        stop();
      }
      return count;
    };
    expect(await statementsFor(1)).toBe(await statementsFor(5));

    await request(t.app)
      .get('/api/moderation/reports?cursor=nonsense')
      .set('Cookie', mod.cookie)
      .expect(400);
    await request(t.app)
      .get('/api/moderation/reports?status=closed')
      .set('Cookie', mod.cookie)
      .expect(400);
  });
});

describe('POST /api/moderation/reports/:id/resolve', () => {
  it('dismisses every open report on the target and writes the log', async () => {
    const mod = await moderator();
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const ids = [];
    for (let i = 0; i < 2; i += 1) {
      const reader = await signedInUser(t.context);
      ids.push(
        await reportOf(reader.cookie, { targetType: 'post', targetId: post.id, reason: 'spam' }),
      );
    }

    const res = await resolve(mod.cookie, ids[0]!, { action: 'dismiss', note: 'Not spam' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Reports dismissed.', resolvedCount: 2 });
    const rows = await t.context.db.select().from(reports).where(eq(reports.targetId, post.id));
    expect(rows.map((row) => [row.status, row.action, row.resolvedBy])).toEqual([
      ['resolved', 'dismiss', mod.user.id],
      ['resolved', 'dismiss', mod.user.id],
    ]);
    expect(await t.context.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    const log = await t.context.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.targetId, post.id));
    expect(log).toMatchObject([
      { moderatorId: mod.user.id, action: 'dismiss', reportId: ids[0], note: 'Not spam' },
    ]);

    // Resolved already: a second resolution is refused and logs nothing.
    const again = await resolve(mod.cookie, ids[1]!, { action: 'remove' });
    expect(again.status).toBe(409);
    expect(await t.context.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);

    const resolved = await openCases(mod.cookie, '?status=resolved&limit=50');
    expect(resolved.cases.find((item) => item.targetId === post.id)?.reports).toHaveLength(2);
  });

  it('removes a post (and its media file); the report keeps the snapshot as evidence', async () => {
    const mod = await moderator();
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const key = 'ModerationTestKey0000001.webp';
    await t.context.storage.put(key, await pngImage());
    const post = await buildPost(t.context, author.user.id, {
      title: 'Offensive title',
      mediaKey: key,
      mediaType: 'image',
    });
    const reportId = await reportOf(reader.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'violence',
    });

    const res = await resolve(mod.cookie, reportId, { action: 'remove' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Content removed and reports resolved.');
    expect(await t.context.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(0);
    expect(existsSync(t.context.storage.localPath(key))).toBe(false);
    const feed = await request(t.app).get('/api/posts').set('Cookie', reader.cookie).expect(200);
    expect(JSON.stringify(feed.body)).not.toContain(post.id);

    const { cases } = await openCases(mod.cookie, '?status=resolved&limit=50');
    expect(cases.find((item) => item.targetId === post.id)?.snapshot).toMatchObject({
      type: 'post',
      title: 'Offensive title',
      media: { url: `/api/media/${key}`, type: 'image' },
    });
  });

  it('keeps the evidence when the author deletes the post before a moderator looks', async () => {
    const mod = await moderator();
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id, { title: 'Deleted soon' });
    const reportId = await reportOf(reader.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'harassment',
    });
    await request(t.app).delete(`/api/posts/${post.id}`).set('Cookie', author.cookie).expect(200);

    const { cases } = await openCases(mod.cookie, '?limit=50');
    expect(cases.find((item) => item._id === reportId)?.snapshot).toMatchObject({
      title: 'Deleted soon',
    });
    // Removing what is already gone still resolves the case.
    await resolve(mod.cookie, reportId, { action: 'remove' }).expect(200);
  });

  it('removes a comment and a photo through their features', async () => {
    const mod = await moderator();
    const owner = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const post = await buildPost(t.context, reader.user.id);
    const comment = await buildComment(t.context, { postId: post.id, authorId: owner.user.id });
    const [first, second] = await uploadPhotos(t, owner.cookie, 2);
    await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', owner.cookie)
      .send(validProfile({ photos: [first, second] }))
      .expect(201);

    const commentReport = await reportOf(reader.cookie, {
      targetType: 'comment',
      targetId: comment.id,
      reason: 'harassment',
    });
    const photoReport = await reportOf(reader.cookie, {
      targetType: 'photo',
      targetId: first!.split('/').pop()!,
      reason: 'nudity',
    });
    await resolve(mod.cookie, commentReport, { action: 'remove' }).expect(200);
    await resolve(mod.cookie, photoReport, { action: 'remove' }).expect(200);

    expect(
      await t.context.db.select().from(comments).where(eq(comments.id, comment.id)),
    ).toHaveLength(0);
    const left = await t.context.db.select().from(photos).where(eq(photos.userId, owner.user.id));
    // The second photo moved up to become the profile picture.
    expect(left.map((photo) => [photo.position, `/api/media/${photo.storageKey}`])).toEqual([
      [0, second],
    ]);
    expect(existsSync(t.context.storage.localPath(first!.split('/').pop()!))).toBe(false);
  });

  it('refuses to "remove" a member (400) and a moderator’s case about themself (403)', async () => {
    const mod = await moderator();
    const reader = await signedInUser(t.context);
    const member = await signedInUser(t.context);
    const memberReport = await reportOf(reader.cookie, {
      targetType: 'member',
      targetId: member.user.id,
      reason: 'fake_profile',
    });
    const removed = await resolve(mod.cookie, memberReport, { action: 'remove' });
    expect(removed.status).toBe(400);
    expect(removed.body.message).toMatch(/suspended, not removed/);

    const aboutMod = await reportOf(reader.cookie, {
      targetType: 'member',
      targetId: mod.user.id,
      reason: 'spam',
    });
    expect((await resolve(mod.cookie, aboutMod, { action: 'dismiss' })).status).toBe(403);
    const { cases } = await openCases(mod.cookie, '?limit=50');
    expect(cases.map((item) => item.targetId)).not.toContain(mod.user.id);
  });

  it('suspends a member: hidden, signed out, mailed the reason, and refused at login for good', async () => {
    const mod = await moderator();
    const reporter = await signedInUser(t.context, { firstName: 'Reporterina' });
    const offender = await signedInUser(t.context, { firstName: 'Offender' });
    const post = await buildPost(t.context, offender.user.id, { title: 'Threats' });
    const reportId = await reportOf(reporter.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'harassment',
      note: `I am ${reporter.user.email}, please act`,
    });

    const noReason = await resolve(mod.cookie, reportId, { action: 'suspend' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(
      'Say why the member is suspended: the reason is mailed to them.',
    );

    const res = await resolve(mod.cookie, reportId, {
      action: 'suspend',
      note: 'Threatening other members',
    });
    expect(res.status).toBe(200);
    const [stored] = await t.context.db.select().from(users).where(eq(users.id, offender.user.id));
    expect(stored).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Threatening other members',
    });
    expect(stored!.suspendedAt).not.toBeNull();
    expect(
      await t.context.db.select().from(sessions).where(eq(sessions.userId, offender.user.id)),
    ).toHaveLength(0);

    // Hidden everywhere.
    await request(t.app)
      .get(`/api/users/${offender.user.id}`)
      .set('Cookie', reporter.cookie)
      .expect(404);
    const feed = await request(t.app).get('/api/posts').set('Cookie', reporter.cookie);
    expect(JSON.stringify(feed.body)).not.toContain(post.id);

    // Told why, with the support address.
    const [notice] = mail.to(offender.user.email);
    expect(notice!.subject).toBe('Your Kindred account has been suspended');
    expect(notice!.text).toContain('Threatening other members');
    expect(notice!.text).toContain('help@kindred.test');

    // The right password does not sign in, now or on a later try.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const login = await request(t.app).post('/api/users/login').send({
        email: offender.user.email,
        password: TEST_PASSWORD,
        coordinates: null,
      });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
      expect(login.body.message).toContain('suspended');
      expect(login.body.message).toContain('help@kindred.test');
    }
    const [still] = await t.context.db.select().from(users).where(eq(users.id, offender.user.id));
    expect(still!.status).toBe('suspended');
    // A wrong password says only what it always says.
    const wrong = await request(t.app)
      .post('/api/users/login')
      .send({ email: offender.user.email, password: 'wrong-password1', coordinates: null });
    expect(wrong.status).toBe(401);

    const log = await request(t.app).get('/api/moderation/log').set('Cookie', mod.cookie);
    const entry = log.body.entries.find(
      (item: { targetMember: { _id: string } | null }) =>
        item.targetMember?._id === offender.user.id,
    );
    expect(entry).toMatchObject({
      action: 'suspend',
      moderator: { _id: mod.user.id },
      targetMember: { _id: offender.user.id, status: 'suspended' },
      note: 'Threatening other members',
    });
  });

  it('is not lifted by a login that was under way when the suspension came', async () => {
    const account = await signUpFully(t, request.agent(t.app), mail);
    const agent = request.agent(t.app);
    await agent
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD, coordinates: null })
      .expect(200);
    // The password was accepted; then a moderator suspends the account before the 2FA code.
    await t.context.db
      .update(users)
      .set({ status: 'suspended', suspendedAt: t.clock.now(), suspensionReason: 'Spam' })
      .where(eq(users.id, account.userId));

    const res = await verifyTwoFactor(t, agent, account.userId, account.secret);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    const [still] = await t.context.db.select().from(users).where(eq(users.id, account.userId));
    expect(still!.status).toBe('suspended');
    await request(t.app)
      .get(`/api/users/${account.userId}`)
      .set('Cookie', (await signedInUser(t.context)).cookie)
      .expect(404);
  });

  it('never lets the reporter’s identity reach the reported member', async () => {
    const mod = await moderator();
    const reporter = await signedInUser(t.context, {
      firstName: 'Whistleblower',
      lastName: 'Quietly',
    });
    const reported: { user: UserRow; cookie: string } = await signedInUser(t.context);
    const post = await buildPost(t.context, reported.user.id);
    const reportId = await reportOf(reporter.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    const secrets = [
      reporter.user.id,
      reporter.user.email,
      reporter.user.firstName,
      reporter.user.lastName,
    ];
    const expectNoSecret = (what: string, text: string) => {
      for (const secret of secrets) expect(text, what).not.toContain(secret);
    };

    // What the reported member can read while the case is open.
    for (const path of [`/api/users/${reported.user.id}`, `/api/posts/user/${reported.user.id}`]) {
      const res = await request(t.app).get(path).set('Cookie', reported.cookie);
      expectNoSecret(path, JSON.stringify(res.body));
    }
    // Their own tries at the moderation routes.
    for (const res of [
      await request(t.app).get('/api/moderation/reports').set('Cookie', reported.cookie),
      await resolve(reported.cookie, reportId, { action: 'dismiss' }),
    ]) {
      expect(res.status).toBe(403);
      expectNoSecret('moderation route', JSON.stringify(res.body));
    }

    await resolve(mod.cookie, reportId, {
      action: 'suspend',
      note: 'Spam, again and again',
    }).expect(200);
    const [notice] = mail.to(reported.user.email);
    expectNoSecret('suspension mail text', notice!.text);
    expectNoSecret('suspension mail html', notice!.html ?? '');
    const login = await request(t.app).post('/api/users/login').send({
      email: reported.user.email,
      password: TEST_PASSWORD,
      coordinates: null,
    });
    expect(login.status).toBe(403);
    expectNoSecret('login refusal', JSON.stringify(login.body));
  });
});

describe('GET /api/moderation/log', () => {
  it('pages the log newest first', async () => {
    const mod = await moderator();
    const author = await buildUser(t.context);
    const reader = await signedInUser(t.context);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      const post = await buildPost(t.context, author.id);
      const id = await reportOf(reader.cookie, {
        targetType: 'post',
        targetId: post.id,
        reason: 'spam',
      });
      await resolve(mod.cookie, id, { action: 'dismiss', note: `round ${i}` }).expect(200);
    }
    const first = await request(t.app)
      .get('/api/moderation/log?limit=2')
      .set('Cookie', mod.cookie)
      .expect(200);
    expect(first.body.entries.map((entry: { note: string }) => entry.note)).toEqual([
      'round 2',
      'round 1',
    ]);
    const second = await request(t.app)
      .get(`/api/moderation/log?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`)
      .set('Cookie', mod.cookie)
      .expect(200);
    expect(second.body.entries[0].note).toBe('round 0');
  });
});
