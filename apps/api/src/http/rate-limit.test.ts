import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.js';
import { createRateLimiters, DEFAULT_RATE_LIMITS } from './rate-limit.js';

const embedded = { engine: 'pglite' as const, pool: undefined };

// The waits these tests read ("2 minutes", retryAfterSeconds: 240) are computed from the clock:
// freeze it, so a slow machine between two calls cannot turn 240 into 239.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createRateLimiters', () => {
  it('multiplies only the defaults, never limits given explicitly', () => {
    const limiters = createRateLimiters(
      embedded,
      { signupPerIp: { points: 2, durationSeconds: 60 } },
      100,
    );
    expect(limiters.settings.signupPerIp).toEqual({ points: 2, durationSeconds: 60 });
    expect(limiters.settings.loginPerIp.points).toBe(DEFAULT_RATE_LIMITS.loginPerIp.points * 100);
    expect(createRateLimiters(embedded).settings).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('counts per key, refuses with a 429 that says how long to wait, and forgets on reset', async () => {
    const limiters = createRateLimiters(embedded, {
      loginFailuresPerAccount: { points: 2, durationSeconds: 120 },
    });
    await limiters.consume('loginFailuresPerAccount', 'a');
    await limiters.assertNotExhausted('loginFailuresPerAccount', 'a');
    await limiters.consume('loginFailuresPerAccount', 'a');
    const refused = await limiters
      .assertNotExhausted('loginFailuresPerAccount', 'a')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many attempts. Please try again in 2 minutes.',
      details: { retryAfterSeconds: 120 },
    });
    await expect(limiters.consume('loginFailuresPerAccount', 'a')).rejects.toMatchObject({
      status: 429,
    });
    await limiters.assertNotExhausted('loginFailuresPerAccount', 'b');
    await limiters.reset('loginFailuresPerAccount', 'a');
    await limiters.assertNotExhausted('loginFailuresPerAccount', 'a');
  });
});

describe('flood limit messages', () => {
  it.each([
    ['postCreatePerMember', "You're posting too often. You can post again in 4 minutes."],
    ['commentPerMember', "You're commenting too often. You can comment again in 4 minutes."],
    ['likePerMember', "You're liking posts too often. You can like again in 4 minutes."],
    [
      'followPerMember',
      "You're following and unfollowing too often. You can do it again in 4 minutes.",
    ],
    [
      'photoUploadPerMember',
      "You're uploading photos too often. You can upload again in 4 minutes.",
    ],
    ['searchPerMember', "You're searching too often. You can search again in 4 minutes."],
    [
      'geoLookupPerMember',
      "You're looking up locations too often. You can look one up again in 4 minutes.",
    ],
    ['reportPerMember', "You're reporting too often. You can report again in 4 minutes."],
  ] as const)('%s says what is limited and when it frees up', async (name, message) => {
    const limiters = createRateLimiters(embedded, { [name]: { points: 1, durationSeconds: 240 } });
    await limiters.consume(name, 'member');
    await expect(limiters.consume(name, 'member')).rejects.toMatchObject({
      status: 429,
      message,
      details: { retryAfterSeconds: 240 },
    });
  });

  it('keeps the account-entry limits on the general wording', async () => {
    const limiters = createRateLimiters(embedded, {
      signupPerIp: { points: 1, durationSeconds: 30 },
    });
    await limiters.consume('signupPerIp', 'ip');
    await expect(limiters.consume('signupPerIp', 'ip')).rejects.toMatchObject({
      message: 'Too many attempts. Please try again in 30 seconds.',
    });
  });
});
