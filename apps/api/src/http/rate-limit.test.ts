import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { createRateLimiters, DEFAULT_RATE_LIMITS } from './rate-limit.js';

const embedded = { engine: 'pglite' as const, pool: undefined };

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
