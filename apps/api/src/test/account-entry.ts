import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type request from 'supertest';
import { totpCodeAt } from '../features/auth/index.js';
import type { TestApp } from './app.js';
import type { MailCatcher } from './mail.js';

/**
 * The account-entry journey through HTTP, step by step, for tests that need a member who got
 * there the real way. Each helper asserts its step succeeded.
 */

export type Agent = ReturnType<typeof request.agent>;

/** Rate limits high enough that tests about something else never meet them. */
export const LOOSE_RATE_LIMITS = {
  loginPerIp: { points: 1000, durationSeconds: 60 },
  signupPerIp: { points: 1000, durationSeconds: 60 },
  codeSendPerIp: { points: 1000, durationSeconds: 60 },
  codeSendPerAccount: { points: 1000, durationSeconds: 60 },
  codeCheckPerIp: { points: 1000, durationSeconds: 60 },
  codeCheckPerAccount: { points: 1000, durationSeconds: 60 },
};

export const GOOD_PASSWORD = 'secret123';

export function newSignup(overrides: Record<string, unknown> = {}) {
  const unique = randomBytes(4).toString('hex');
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    username: `asha-${unique}@example.com`,
    email: `asha-${unique}@example.com`,
    password: GOOD_PASSWORD,
    legalAgeConfirmed: true,
    termsAccepted: true,
    ...overrides,
  };
}

export async function signUp(agent: Agent, overrides: Record<string, unknown> = {}) {
  const body = newSignup(overrides);
  const res = await agent.post('/api/users/signup').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    userId: res.body.data._id as string,
    sessionId: res.body.data.sessionId as string,
    ...body,
  };
}

export async function verifyEmail(agent: Agent, mail: MailCatcher, email: string) {
  const sent = await agent.post('/api/send-otp').send({ email });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const res = await agent.post('/api/verify-otp').send({ email, otp: mail.latestCode(email) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function setUpTwoFactor(agent: Agent, userId: string): Promise<string> {
  const res = await agent.post('/api/2fa/setup').send({ userId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.secret as string;
}

/** Sends the current authenticator code, then moves the clock past its time-step (no replay). */
export async function verifyTwoFactor(t: TestApp, agent: Agent, userId: string, secret: string) {
  const res = await agent
    .post('/api/2fa/verify')
    .send({ userId, token: totpCodeAt(secret, t.clock.now()) });
  t.clock.advance(30_000);
  return res;
}

/** Sign-up → email code → 2FA setup → 2FA code: a full session on `agent`. */
export async function signUpFully(
  t: TestApp,
  agent: Agent,
  mail: MailCatcher,
  overrides: Record<string, unknown> = {},
) {
  const account = await signUp(agent, overrides);
  await verifyEmail(agent, mail, account.email);
  const secret = await setUpTwoFactor(agent, account.userId);
  const res = await verifyTwoFactor(t, agent, account.userId, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...account, secret, sessionId: res.body.user.sessionId as string };
}
