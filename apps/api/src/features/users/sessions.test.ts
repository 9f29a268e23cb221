import { randomBytes, randomUUID } from 'node:crypto';
import cookieSignature from 'cookie-signature';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@kindred/contracts';
import { sessions } from '../../db/schema.js';
import { SESSION_COOKIE_NAME } from '../../http/session.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, sessionCookieFor, signedInUser } from '../../test/factories.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** One browser: its cookie, sent with its User-Agent on every request. */
interface Browser {
  get(path: string): request.Test;
  delete(path: string): request.Test;
}

/**
 * A member signed in on a browser, as sign-in leaves it (a full session that recorded the
 * browser's User-Agent), written through the app's session store.
 */
async function signedInBrowser(userId: string, userAgent: string): Promise<Browser> {
  const sid = randomBytes(24).toString('base64url');
  const data = {
    cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/', sameSite: 'lax' },
    auth: { userId, stage: 'full', handle: randomUUID() },
    userAgent,
  };
  await new Promise<void>((resolve, reject) => {
    t.context.sessionStore.set(sid, data as never, (error) => (error ? reject(error) : resolve()));
  });
  const cookie = `${SESSION_COOKIE_NAME}=${encodeURIComponent(`s:${cookieSignature.sign(sid, t.context.config.sessionSecret)}`)}`;
  return {
    get: (path) => request(t.app).get(path).set('Cookie', cookie).set('User-Agent', userAgent),
    delete: (path) =>
      request(t.app).delete(path).set('Cookie', cookie).set('User-Agent', userAgent),
  };
}

async function memberInBrowser(userAgent = CHROME_LINUX) {
  const member = await buildUser(t.context);
  return { member, agent: await signedInBrowser(member.id, userAgent) };
}

async function sessionRows(userId: string) {
  return t.context.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('GET /api/users/me/sessions', () => {
  it('lists where the member is signed in: this browser first, browser and OS from the User-Agent', async () => {
    const { member, agent } = await memberInBrowser(CHROME_LINUX);
    await signedInBrowser(member.id, FIREFOX_WINDOWS);
    const res = await agent.get('/api/users/me/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const [current, other] = res.body.sessions;
    expect(current).toMatchObject({ current: true, browser: 'Chrome 131', os: 'Linux' });
    expect(other).toMatchObject({ current: false, browser: 'Firefox 120', os: 'Windows 10' });

    const rows = await sessionRows(member.id);
    expect(rows.map((row) => row.publicId).sort()).toEqual(
      res.body.sessions.map((s: { _id: string }) => s._id).sort(),
    );
    // The cookie's secret id never leaves the server.
    for (const row of rows) expect(JSON.stringify(res.body)).not.toContain(row.sid);
    const firefox = rows.find((row) => row.userAgent === FIREFOX_WINDOWS)!;
    expect(other.createdAt).toBe(firefox.createdAt.toISOString());
    expect(other.lastActiveAt).toBe(firefox.lastActiveAt.toISOString());
  });

  it("shows only the member's own sessions", async () => {
    const { agent } = await memberInBrowser();
    const stranger = await signedInUser(t.context);
    // Half-way through signing in (password given, no authenticator code yet) is not signed in.
    await sessionCookieFor(t.context, stranger.user.id, 'pending');
    const res = await request(t.app).get('/api/users/me/sessions').set('Cookie', stranger.cookie);
    expect(res.status).toBe(200);
    expect(res.body.sessions).toEqual([
      expect.objectContaining({ current: true, browser: null, os: null }),
    ]);
    expect((await agent.get('/api/users/me/sessions')).body.sessions).toHaveLength(1);
  });

  it('needs a signed-in member (401)', async () => {
    const res = await request(t.app).get('/api/users/me/sessions');
    expect(res.status).toBe(401);
  });

  it('records activity at most once a minute, not on every request', async () => {
    const { member, agent } = await memberInBrowser();
    const [before] = await sessionRows(member.id);
    t.clock.advance(61_000);
    expect((await agent.get('/api/users/me/sessions')).status).toBe(200);
    const [touched] = await sessionRows(member.id);
    expect(touched!.lastActiveAt.getTime()).toBe(t.clock.now().getTime());
    expect(touched!.lastActiveAt.getTime()).toBeGreaterThan(before!.lastActiveAt.getTime());

    // Within the minute: no write.
    t.clock.advance(30_000);
    await agent.get('/api/users/me/sessions');
    await agent.get('/api/users/me/sessions');
    const [same] = await sessionRows(member.id);
    expect(same!.lastActiveAt.getTime()).toBe(touched!.lastActiveAt.getTime());

    t.clock.advance(31_000);
    const res = await agent.get('/api/users/me/sessions');
    const [later] = await sessionRows(member.id);
    expect(later!.lastActiveAt.getTime()).toBe(t.clock.now().getTime());
    expect(res.body.sessions[0].createdAt).toBe(before!.createdAt.toISOString());
  });
});

describe('DELETE /api/users/me/sessions/:id', () => {
  it('ends a session on another browser: its next request is 401', async () => {
    const { member, agent } = await memberInBrowser(CHROME_LINUX);
    const phone = await signedInBrowser(member.id, SAFARI_IPHONE);
    expect((await phone.get('/api/users/me/sessions')).status).toBe(200);

    const listed = await agent.get('/api/users/me/sessions');
    const other = listed.body.sessions.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ browser: 'Mobile Safari 17', os: 'iOS 17.1' });
    const res = await agent.delete(`/api/users/me/sessions/${other._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.sessionEnded });

    expect((await phone.get('/api/users/me/sessions')).status).toBe(401);
    expect((await agent.get('/api/users/me/sessions')).body.sessions).toHaveLength(1);
  });

  it("refuses another member's session id with 404 and leaves it signed in", async () => {
    const victim = await memberInBrowser();
    const [victimSession] = await sessionRows(victim.member.id);
    const attacker = await memberInBrowser();

    const res = await attacker.agent.delete(`/api/users/me/sessions/${victimSession!.publicId}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.sessionNotFound);

    expect(await sessionRows(victim.member.id)).toHaveLength(1);
    expect((await victim.agent.get('/api/users/me/sessions')).status).toBe(200);
  });

  it('answers 404 for an unknown id and for something that is not an id', async () => {
    const { member, agent } = await memberInBrowser();
    for (const id of ['2b0f0c5e-6a8e-4a57-9d1c-0c1f1e2d3a4b', 'not-a-session']) {
      const res = await agent.delete(`/api/users/me/sessions/${id}`);
      expect(res.status).toBe(404);
    }
    expect(await sessionRows(member.id)).toHaveLength(1);
  });
});

describe('DELETE /api/users/me/sessions', () => {
  it('signs out of every other session and keeps this one', async () => {
    const { member, agent } = await memberInBrowser(CHROME_LINUX);
    const firefox = await signedInBrowser(member.id, FIREFOX_WINDOWS);
    const phone = await signedInBrowser(member.id, SAFARI_IPHONE);
    const bystander = await signedInUser(t.context);

    const res = await agent.delete('/api/users/me/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.otherSessionsEnded(2),
      ended: 2,
    });
    expect((await firefox.get('/api/users/me/sessions')).status).toBe(401);
    expect((await phone.get('/api/users/me/sessions')).status).toBe(401);
    const mine = await agent.get('/api/users/me/sessions');
    expect(mine.body.sessions).toEqual([expect.objectContaining({ current: true })]);
    // Another member's sessions are untouched.
    const theirs = await request(t.app)
      .get('/api/users/me/sessions')
      .set('Cookie', bystander.cookie);
    expect(theirs.status).toBe(200);
  });
});

describe('recording the browser', () => {
  it('keeps the User-Agent of the browser that signs in (every sign-in step records it)', async () => {
    const agent = request.agent(t.app);
    const unique = randomBytes(4).toString('hex');
    const res = await agent
      .post('/api/users/signup')
      .set('User-Agent', SAFARI_IPHONE)
      .send({
        firstName: 'Asha',
        lastName: 'Rao',
        username: `asha-${unique}@example.com`,
        email: `asha-${unique}@example.com`,
        password: 'secret123',
        legalAgeConfirmed: true,
        termsAccepted: true,
      });
    expect(res.status).toBe(201);
    const rows = await sessionRows(res.body.data._id);
    expect(rows).toEqual([
      expect.objectContaining({
        userAgent: SAFARI_IPHONE,
        createdAt: t.clock.now(),
        lastActiveAt: t.clock.now(),
      }),
    ]);
  });
});
