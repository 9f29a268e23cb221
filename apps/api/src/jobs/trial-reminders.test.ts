import { formatTrialEndDate } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../context.js';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { createMailCatcher } from '../test/mail.js';
import { startJobs } from './index.js';
import { runTrialReminders } from './trial-reminders.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterAll(async () => {
  await t.close();
});

/** A member on the free trial, which ends `endsInDays` from now. */
const onTrial = (endsInDays: number, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildUser(t.context, {
    plan: 'free',
    subscriptionStatus: 'trial',
    trialEndDate: new Date(t.clock.now().getTime() + endsInDays * DAY),
    ...overrides,
  });

const setMember = (id: string, fields: Partial<typeof users.$inferInsert>) =>
  t.context.db.update(users).set(fields).where(eq(users.id, id));

describe('trial reminders', () => {
  it('reminds once 7 days and once 1 day before the end, whatever how often the job runs', async () => {
    const member = await onTrial(60);
    const trialEnd = member.trialEndDate!;
    const subjects: string[] = [];
    for (let day = 1; day <= 62; day += 1) {
      t.clock.advance(DAY);
      await runTrialReminders(t.context);
      await runTrialReminders(t.context); // a second run the same hour sends nothing
      t.clock.advance(HOUR); // nor do the hourly runs later that day
      await runTrialReminders(t.context);
      t.clock.advance(-HOUR);
      const received = mail.to(member.email);
      subjects.push(...received.slice(subjects.length).map((message) => message.subject));
      const expected = day < 53 ? 0 : day < 59 ? 1 : 2;
      expect(received, `day ${day}`).toHaveLength(expected);
    }
    expect(subjects).toEqual([
      'Your Kindred free trial ends in 7 days',
      'Your Kindred free trial ends tomorrow',
    ]);

    const endDate = formatTrialEndDate(trialEnd);
    expect(endDate).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    for (const message of mail.to(member.email)) {
      expect(message.text).toContain(`Hi ${member.firstName}`);
      expect(message.text).toContain(`Your Kindred free trial ends on ${endDate}.`);
      expect(message.text).toContain('http://localhost:3000/?upgrade=plans');
      expect(message.html).toContain(`<strong>${endDate}</strong>`);
      expect(message.html).toContain('href="http://localhost:3000/?upgrade=plans"');
    }
  });

  it('sends only the 1-day reminder when the job was not running at the 7-day point', async () => {
    const member = await onTrial(0.5);
    await runTrialReminders(t.context);
    await runTrialReminders(t.context);
    expect(mail.to(member.email).map((message) => message.subject)).toEqual([
      'Your Kindred free trial ends tomorrow',
    ]);
  });

  it('never reminds members who upgraded, are disabled or suspended, or did not verify their email', async () => {
    const upgraded = await onTrial(5, { plan: 'professional', subscriptionStatus: 'active' });
    const cancelledPaid = await onTrial(5, { plan: 'beginner', subscriptionStatus: 'cancelled' });
    const disabled = await onTrial(5, { status: 'disabled', disabledAt: t.clock.now() });
    const suspended = await onTrial(5, { status: 'suspended', suspendedAt: t.clock.now() });
    const unverified = await onTrial(5, { emailVerifiedAt: null });
    const expired = await onTrial(5, { subscriptionStatus: 'expired' });
    const ended = await onTrial(-1);
    const noPlanYet = await onTrial(5, { plan: null, subscriptionStatus: null });
    await runTrialReminders(t.context);
    for (const member of [
      upgraded,
      cancelledPaid,
      disabled,
      suspended,
      unverified,
      expired,
      ended,
    ]) {
      expect(mail.to(member.email), member.email).toHaveLength(0);
    }
    // The trial runs from sign-up, so a member who has not chosen a plan yet is on it too.
    expect(mail.to(noPlanYet.email)).toHaveLength(1);
  });

  it('sends no 1-day reminder to a member who upgraded after the 7-day one, nor to a deleted one', async () => {
    const upgrader = await onTrial(7);
    const leaver = await onTrial(7);
    await runTrialReminders(t.context);
    expect(mail.to(upgrader.email)).toHaveLength(1);
    expect(mail.to(leaver.email)).toHaveLength(1);
    await setMember(upgrader.id, { plan: 'beginner', subscriptionStatus: 'active' });
    await t.context.db.delete(users).where(eq(users.id, leaver.id));
    t.clock.advance(6 * DAY + HOUR);
    await runTrialReminders(t.context);
    expect(mail.to(upgrader.email)).toHaveLength(1);
    expect(mail.to(leaver.email)).toHaveLength(1);
  });

  it('sends each reminder once when runs race, in one process and in two app instances', async () => {
    const otherMail = createMailCatcher();
    // A second app instance on the same database, like a second server process.
    const other = await createAppContext(t.context.config, {
      database: t.context.database,
      clock: t.clock,
      mailer: otherMail.mailer,
    });
    try {
      const members = await Promise.all(Array.from({ length: 30 }, () => onTrial(6)));
      await Promise.all([
        runTrialReminders(t.context),
        runTrialReminders(other),
        runTrialReminders(t.context),
        runTrialReminders(other),
      ]);
      const received = (email: string) => [...mail.to(email), ...otherMail.to(email)];
      for (const member of members) expect(received(member.email)).toHaveLength(1);

      // Both instances' schedulers run the job again: nothing more goes out.
      const jobs = [
        startJobs(t.context, { firstRunDelayMs: 1 }),
        startJobs(other, { firstRunDelayMs: 1 }),
      ];
      await new Promise((resolve) => setTimeout(resolve, 200));
      await Promise.all(jobs.map((job) => job.stop()));
      for (const member of members) expect(received(member.email)).toHaveLength(1);

      t.clock.advance(5 * DAY + HOUR); // the 1-day point: again once each
      await Promise.all([runTrialReminders(t.context), runTrialReminders(other)]);
      // Either instance may have sent either mail, so the two lists are compared unordered.
      for (const member of members) {
        expect(
          received(member.email)
            .map((message) => message.subject)
            .sort(),
        ).toEqual([
          'Your Kindred free trial ends in 6 days',
          'Your Kindred free trial ends tomorrow',
        ]);
      }
    } finally {
      other.sessionStore.close(); // the database is the first instance's to close
    }
  });

  it('is scheduled by startJobs: a due reminder goes out soon after start', async () => {
    const member = await onTrial(2);
    const jobs = startJobs(t.context, { firstRunDelayMs: 10 });
    try {
      await expect.poll(() => mail.to(member.email).length, { timeout: 5000 }).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('leaves a reminder due again when it could not be sent', async () => {
    const failing = await createTestApp({
      mailer: { mode: 'smtp', send: () => Promise.reject(new Error('SMTP down')), close() {} },
    });
    try {
      const member = await buildUser(failing.context, {
        plan: 'free',
        subscriptionStatus: 'trial',
        trialEndDate: new Date(failing.clock.now().getTime() + 3 * DAY),
      });
      expect(await runTrialReminders(failing.context)).toEqual({ sent: 0 });
      const [row] = await failing.context.db.select().from(users).where(eq(users.id, member.id));
      expect(row?.trialRemindedAt).toBeNull();
    } finally {
      await failing.close();
    }
  });
});
