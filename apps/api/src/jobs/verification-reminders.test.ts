import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { createMailCatcher } from '../test/mail.js';
import { runVerificationReminders } from './verification-reminders.js';

const DAY = 24 * 60 * 60 * 1000;
const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterAll(async () => {
  await t.close();
});

/** A member who signed up now and has not verified their email. */
const unverified = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildUser(t.context, {
    emailVerifiedAt: null,
    totpEnabledAt: null,
    phoneVerifiedAt: null,
    createdAt: t.clock.now(),
    ...overrides,
  });

describe('verification reminders', () => {
  it('sends one reminder a day for the 7 days an account has to verify, then stops', async () => {
    const user = await unverified();
    await runVerificationReminders(t.context);
    expect(mail.to(user.email)).toHaveLength(0); // sign-up itself sent the first code

    const daysLeft: string[] = [];
    for (let day = 1; day <= 9; day += 1) {
      t.clock.advance(DAY);
      await runVerificationReminders(t.context);
      await runVerificationReminders(t.context); // a second run the same day sends nothing
      t.clock.advance(60 * 60 * 1000); // hourly runs later that day send nothing either
      await runVerificationReminders(t.context);
      t.clock.advance(-60 * 60 * 1000);
      daysLeft.push(
        ...mail
          .to(user.email)
          .slice(daysLeft.length)
          .map((message) => message.subject),
      );
      expect(mail.to(user.email), `day ${day}`).toHaveLength(Math.min(day, 6));
      if (day === 6) {
        // The last day to verify: the account is still there.
        const [row] = await t.context.db.select().from(users).where(eq(users.id, user.id));
        expect(row).toBeDefined();
      }
    }
    expect(daysLeft).toEqual([
      'Please verify your Kindred email address (6 days left)',
      'Please verify your Kindred email address (5 days left)',
      'Please verify your Kindred email address (4 days left)',
      'Please verify your Kindred email address (3 days left)',
      'Please verify your Kindred email address (2 days left)',
      'Please verify your Kindred email address (1 day left)',
    ]);
    const [message] = mail.to(user.email);
    expect(message?.text).toContain(`Hi ${user.firstName}`);
    expect(message?.text).toContain('http://localhost:3000/');
    expect(message?.html).toContain('href="http://localhost:3000/"');
    // Past the deadline the unverified account is removed (issue 19: it may be a stranger's
    // sign-up with someone else's address).
    const [gone] = await t.context.db.select().from(users).where(eq(users.id, user.id));
    expect(gone).toBeUndefined();
  });

  it('sends nothing once the email is verified', async () => {
    const user = await unverified();
    t.clock.advance(DAY);
    await runVerificationReminders(t.context);
    expect(mail.to(user.email)).toHaveLength(1);
    await t.context.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(users.id, user.id));
    for (let day = 0; day < 3; day += 1) {
      t.clock.advance(DAY);
      await runVerificationReminders(t.context);
    }
    expect(mail.to(user.email)).toHaveLength(1);
  });

  it('never reminds verified or disabled accounts', async () => {
    const verified = await buildUser(t.context, { createdAt: t.clock.now() });
    const disabled = await unverified({ status: 'disabled', disabledAt: t.clock.now() });
    t.clock.advance(DAY);
    await runVerificationReminders(t.context);
    expect(mail.to(verified.email)).toHaveLength(0);
    expect(mail.to(disabled.email)).toHaveLength(0);
  });

  it('sends no duplicates when two runs race', async () => {
    const members = await Promise.all(Array.from({ length: 30 }, () => unverified()));
    t.clock.advance(DAY);
    const [a, b, c] = await Promise.all([
      runVerificationReminders(t.context),
      runVerificationReminders(t.context),
      runVerificationReminders(t.context),
    ]);
    expect(a.sent + b.sent + c.sent).toBe(30);
    for (const member of members) expect(mail.to(member.email)).toHaveLength(1);
  });

  it('leaves a reminder due again when it could not be sent', async () => {
    const failing = await createTestApp({
      mailer: { mode: 'smtp', send: () => Promise.reject(new Error('SMTP down')), close() {} },
    });
    try {
      const user = await buildUser(failing.context, {
        emailVerifiedAt: null,
        createdAt: failing.clock.now(),
      });
      failing.clock.advance(DAY);
      expect(await runVerificationReminders(failing.context)).toEqual({ sent: 0, removed: 0 });
      const [row] = await failing.context.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.verificationReminderAt).toBeNull();
    } finally {
      await failing.close();
    }
  });
});
