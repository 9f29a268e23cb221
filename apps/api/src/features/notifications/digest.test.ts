import { mentionText, NOTIFICATION_TYPES } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings } from '../../db/schema.js';
import { runNotificationDigest } from '../../jobs/notification-digest.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { createMailCatcher } from '../../test/mail.js';
import { buildPost } from '../posts/test-factories.js';

const DAY = 24 * 60 * 60 * 1000;
const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  // Mid-day UTC, so "the same day" and "the next day" are clear.
  t.clock.set(new Date('2030-03-10T09:00:00Z'));
});
afterAll(async () => {
  await t.close();
});

const member = () =>
  signedInUser(t.context, { createdAt: new Date(t.clock.now().getTime() - 30 * DAY) });

const digestOn = (cookie: string, emailDigest: 'off' | 'daily') =>
  request(t.app)
    .put('/api/users/me/notification-settings')
    .set('Cookie', cookie)
    .send({
      types: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])),
      onlyFromFollowing: false,
      notFromNewAccounts: false,
      emailDigest,
    })
    .expect(200);

/** A member with the daily digest on and one unread comment on their post. */
async function memberWithUnread(secret = 'a secret about the garden') {
  const [author, ana] = await Promise.all([member(), member()]);
  await digestOn(author.cookie, 'daily');
  const post = await buildPost(t.context, author.user.id, { title: 'Private thoughts' });
  await request(t.app)
    .post(`/api/posts/${post.id}/comments`)
    .set('Cookie', ana.cookie)
    .send({ content: `${secret} ${mentionText('Someone', author.user.id)}` })
    .expect(201);
  return author;
}

describe('daily notification digest', () => {
  it('mails a member with unread items once per day, with counts and never the words', async () => {
    const author = await memberWithUnread('the door code is 4812');
    await runNotificationDigest(t.context);
    t.clock.advance(3 * 60 * 60 * 1000);
    await runNotificationDigest(t.context);
    const sent = mail.to(author.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('You have 1 unread notification on Kindred');
    expect(sent[0]!.text).toContain('1 mention');
    expect(sent[0]!.text).toContain('http://localhost:3000/notifications');
    for (const body of [sent[0]!.text, sent[0]!.html ?? '']) {
      expect(body).not.toContain('4812');
      expect(body).not.toContain('Private thoughts');
    }

    t.clock.advance(DAY);
    await runNotificationDigest(t.context);
    expect(mail.to(author.user.email)).toHaveLength(2);
  });

  it('sends no duplicates when several runs race (as several processes would)', async () => {
    t.clock.advance(DAY);
    const members = await Promise.all(Array.from({ length: 8 }, () => memberWithUnread()));
    const results = await Promise.all([1, 2, 3].map(() => runNotificationDigest(t.context)));
    for (const m of members) expect(mail.to(m.user.email)).toHaveLength(1);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBeGreaterThanOrEqual(8);
  });

  it('mails no one with the digest off, nothing unread, or everything read', async () => {
    t.clock.advance(DAY);
    const off = await memberWithUnread();
    await digestOn(off.cookie, 'off');
    const quiet = await member();
    await digestOn(quiet.cookie, 'daily');
    const caughtUp = await memberWithUnread();
    await request(t.app)
      .post('/api/notifications/read')
      .set('Cookie', caughtUp.cookie)
      .send({ all: true })
      .expect(200);
    await runNotificationDigest(t.context);
    for (const m of [off, quiet, caughtUp]) expect(mail.to(m.user.email)).toEqual([]);
  });

  it('leaves the digest due again when the mail could not be sent', async () => {
    t.clock.advance(DAY);
    const author = await memberWithUnread();
    const failing = {
      ...t.context,
      mailer: {
        mode: 'smtp' as const,
        send: () => Promise.reject(new Error('SMTP down')),
        close() {},
      },
    };
    expect(await runNotificationDigest(failing)).toEqual({ sent: 0 });
    const [row] = await t.context.db
      .select({ digestSentOn: notificationSettings.digestSentOn })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, author.user.id));
    expect(row?.digestSentOn).toBeNull();
    await runNotificationDigest(t.context);
    expect(mail.to(author.user.email)).toHaveLength(1);
  });
});
