import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { uploadPhotos, validProfile } from '../profiles/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

function selectPlan(cookie: string, body: Record<string, unknown>) {
  return request(t.app).post('/api/subscription/select-plan').set('Cookie', cookie).send(body);
}

async function userRow(id: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('POST /subscription/select-plan', () => {
  it('starts a 60-day trial on the free plan', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await selectPlan(cookie, { userId: user.id, planId: 'free' });
    expect(res.status).toBe(200);
    const trialEnd = new Date(t.clock.now().getTime() + 60 * DAY).toISOString();
    expect(res.body).toEqual({
      success: true,
      message: 'Plan selected successfully',
      subscription: { planName: 'free', status: 'trial', trialEndDate: trialEnd },
    });
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'trial' });
  });

  it('does not make a paid plan active: that takes checkout (402 CHECKOUT_REQUIRED)', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await selectPlan(cookie, { userId: user.id, planId: 'professional' });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('CHECKOUT_REQUIRED');
    expect(await userRow(user.id)).toMatchObject({ plan: null, subscriptionStatus: null });
  });

  it('never restarts a trial: free chosen again keeps the first end date, which then expires', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const first = await selectPlan(cookie, { planId: 'free' });
    const trialEndDate = first.body.subscription.trialEndDate;
    t.clock.advance(10 * DAY);
    await selectPlan(cookie, { planId: 'free' });
    t.clock.advance(10 * DAY);
    const again = await selectPlan(cookie, { planId: 'free' });
    expect(again.body.subscription).toEqual({ planName: 'free', status: 'trial', trialEndDate });

    t.clock.advance(41 * DAY); // 61 days after the trial began
    const sub = await request(t.app)
      .get(`/api/users/${user.id}/subscription`)
      .set('Cookie', cookie);
    expect(sub.body.subscription).toEqual({ planName: 'free', status: 'expired', trialEndDate });
    const shown = await request(t.app).get(`/api/users/${user.id}`).set('Cookie', cookie);
    expect(shown.body.user).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'expired',
      trialEndDate,
    });
    const reselected = await selectPlan(cookie, { planId: 'free' });
    expect(reselected.body.subscription.status).toBe('expired');
  });

  it('records the plan sent with POST /profile/create: a paid one unpaid for starts the free trial', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const photos = await uploadPhotos(t, cookie, 1);
    await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', cookie)
      .send(validProfile({ photos, plan: 'beginner' }))
      .expect(201);
    // Only checkout switches a paid plan on; the member starts on the trial meanwhile.
    const row = await userRow(user.id);
    expect(row).toMatchObject({ plan: 'free', subscriptionStatus: 'trial' });
    expect(row.trialEndDate!.getTime()).toBe(t.clock.now().getTime() + 60 * DAY);
    await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', cookie)
      .send(validProfile({ photos, plan: 'free' }))
      .expect(200);
    expect(await userRow(user.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'trial' });
  });

  it("refuses an unknown plan with 'Please choose a valid plan'", async () => {
    const { user, cookie } = await signedInUser(t.context);
    for (const planId of ['gold', '', undefined, 'Trial-Free']) {
      const res = await selectPlan(cookie, { userId: user.id, planId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Please choose a valid plan' });
    }
    expect((await userRow(user.id)).plan).toBeNull();
  });

  it("refuses member B choosing a plan for member A (403); A's plan is unchanged", async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    const res = await selectPlan(b.cookie, { userId: a.user.id, planId: 'free' });
    expect(res.status).toBe(403);
    expect((await userRow(a.user.id)).plan).toBeNull();
    expect((await userRow(b.user.id)).plan).toBeNull();
  });

  it('needs a signed-in member', async () => {
    expect(
      (await request(t.app).post('/api/subscription/select-plan').send({ planId: 'free' })).status,
    ).toBe(401);
  });
});
