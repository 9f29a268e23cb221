import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { createMailCatcher } from '../test/mail.js';
import { startJobs } from './index.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterAll(async () => {
  await t.close();
});

describe('startJobs', () => {
  it('runs the verification reminders soon after start, and stops cleanly', async () => {
    const user = await buildUser(t.context, { emailVerifiedAt: null, createdAt: t.clock.now() });
    t.clock.advance(24 * 60 * 60 * 1000);
    const jobs = startJobs(t.context, { firstRunDelayMs: 10 });
    try {
      await expect.poll(() => mail.to(user.email).length, { timeout: 5000 }).toBe(1);
    } finally {
      await jobs.stop();
    }
  });
});
