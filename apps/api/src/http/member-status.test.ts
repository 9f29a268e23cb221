import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { sessionCookieFor, signedInUser } from '../test/factories.js';

/**
 * A signed-in session serves an active member only. Every status change the app makes ends the
 * member's sessions; a status changed without that (by hand in the database, by a future code path
 * that forgets) must still stop the session at its next read.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setStatus = (id: string, status: 'active' | 'disabled' | 'suspended') =>
  t.context.db.update(users).set({ status }).where(eq(users.id, id));

describe('a full session whose member is no longer active', () => {
  for (const status of ['disabled', 'suspended'] as const) {
    it(`is refused (401) once the member is ${status}, and serves again once active`, async () => {
      const { user, cookie } = await signedInUser(t.context);
      await setStatus(user.id, status);
      const refused = await request(t.app).get('/api/posts').set('Cookie', cookie);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('UNAUTHENTICATED');
      expect((await request(t.app).get('/api/notifications').set('Cookie', cookie)).status).toBe(
        401,
      );

      await setStatus(user.id, 'active');
      expect((await request(t.app).get('/api/posts').set('Cookie', cookie)).status).toBe(200);
    });
  }

  it('a half-signed-in session of a disabled member still reaches the sign-in steps (signing in re-enables)', async () => {
    const { user } = await signedInUser(t.context);
    const pending = await sessionCookieFor(t.context, user.id, 'pending');
    await setStatus(user.id, 'disabled');
    const res = await request(t.app)
      .post('/api/2fa/verify')
      .set('Cookie', pending)
      .send({ userId: user.id, token: '000000' });
    // Known to the session (a wrong code), not "please log in first".
    expect(res.status).not.toBe(401);
  });
});
