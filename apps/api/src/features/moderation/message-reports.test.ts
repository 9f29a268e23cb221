import { MESSAGE_REPORTED_THRESHOLD, REPORTED_FIRST_MESSAGES_PER_DAY } from '@kindred/contracts';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, matches, moderationLog, reports } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { planFieldsFor, signedInUser } from '../../test/factories.js';
import { pngImage } from '../posts/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** A member on a paid plan whose account is older than a day (no plan or new-account cap). */
const member = () =>
  signedInUser(t.context, {
    ...planFieldsFor('professional', t.clock.now()),
    createdAt: new Date(t.clock.now().getTime() - 2 * DAY),
  });
type Member = Awaited<ReturnType<typeof member>>;
const moderator = () => signedInUser(t.context, { role: 'moderator' });

async function match(a: Member, b: Member) {
  const [low, high] = [a.user.id, b.user.id].sort();
  await t.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });
}

async function openWith(from: Member, to: Member): Promise<string> {
  const opened = await request(t.app)
    .post('/api/conversations')
    .set('Cookie', from.cookie)
    .send({ userId: to.user.id });
  expect(opened.status).toBe(200);
  return opened.body.conversation._id as string;
}

async function sendText(from: Member, conversationId: string, text: string) {
  t.clock.advance(1);
  return request(t.app)
    .post(`/api/conversations/${conversationId}/messages`)
    .set('Cookie', from.cookie)
    .send({ text });
}

/** A matched pair's conversation with one image (and `fields`) from `from`. */
async function imageFrom(from: Member, to: Member, fields: Record<string, string> = {}) {
  await match(from, to);
  const conversationId = await openWith(from, to);
  let sending = request(t.app)
    .post(`/api/conversations/${conversationId}/messages`)
    .set('Cookie', from.cookie);
  for (const [name, value] of Object.entries(fields)) sending = sending.field(name, value);
  const sent = await sending.attach('image', await pngImage(), 'picture.png');
  expect(sent.status).toBe(201);
  return {
    conversationId,
    messageId: sent.body.chatMessage._id as string,
    imageUrl: sent.body.chatMessage.image.url as string,
  };
}

/** A matched pair's conversation with one message from `from`: its ids. */
async function messageFrom(from: Member, to: Member, text = 'You will regret this') {
  await match(from, to);
  const conversationId = await openWith(from, to);
  const sent = await sendText(from, conversationId, text);
  expect(sent.status).toBe(201);
  return { conversationId, messageId: sent.body.chatMessage._id as string };
}

const report = (who: Member, messageId: string, extra: Record<string, unknown> = {}) =>
  request(t.app)
    .post('/api/reports')
    .set('Cookie', who.cookie)
    .send({ targetType: 'message', targetId: messageId, reason: 'harassment', ...extra });

const reportsOn = (messageId: string) =>
  t.context.db.select().from(reports).where(eq(reports.targetId, messageId));

async function queueCase(messageId: string) {
  const mod = await moderator();
  const queue = await request(t.app).get('/api/moderation/reports').set('Cookie', mod.cookie);
  expect(queue.status).toBe(200);
  const found = (queue.body.cases as { targetId: string }[]).find(
    (item) => item.targetId === messageId,
  );
  return { mod, found: found as Record<string, unknown> | undefined };
}

describe('reporting a message', () => {
  it('files the report with a snapshot sealed at rest, opened for moderators only', async () => {
    const sender = await member();
    const recipient = await member();
    const secret = `Meet me behind the station ${Math.random()}`;
    const { conversationId, messageId, imageUrl } = await imageFrom(sender, recipient, {
      text: secret,
      altText: 'a threatening note',
    });

    const res = await report(recipient, messageId, { note: 'Threats' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, report: { status: 'open' }, blocked: false });
    const [row] = await reportsOn(messageId);
    expect(row).toMatchObject({
      reporterId: recipient.user.id,
      targetType: 'message',
      targetMemberId: sender.user.id,
      snapshot: { type: 'message', messageId, conversationId },
    });

    // The report as a database dump holds it: no text, no description, no image key.
    const raw = await t.context.db.execute(
      sql`select row_to_json(r)::text as row from reports r where target_id = ${messageId}::uuid`,
    );
    const dump = (raw as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join();
    expect(dump).toContain(messageId);
    expect(dump).not.toContain('behind the station');
    expect(dump).not.toContain('threatening note');
    expect(dump).not.toContain(imageUrl.split('/').pop()!);

    const { mod, found } = await queueCase(messageId);
    expect(found).toMatchObject({
      targetType: 'message',
      targetMember: { _id: sender.user.id },
      snapshot: {
        type: 'message',
        conversationId,
        text: secret,
        image: { url: imageUrl, altText: 'a threatening note' },
      },
    });
    // Moderators may open the reported image; members outside the pair still may not.
    expect((await request(t.app).get(imageUrl).set('Cookie', mod.cookie)).status).toBe(200);
    const outsider = await member();
    expect((await request(t.app).get(imageUrl).set('Cookie', outsider.cookie)).status).toBe(404);
    expect((await request(t.app).get(imageUrl).set('Cookie', recipient.cookie)).status).toBe(200);
  });

  it('a moderator does not see an unreported message’s image', async () => {
    const sender = await member();
    const recipient = await member();
    const { imageUrl } = await imageFrom(sender, recipient);
    const mod = await moderator();
    expect((await request(t.app).get(imageUrl).set('Cookie', mod.cookie)).status).toBe(404);
  });

  it('keeps the message as it was when the sender deletes it afterwards', async () => {
    const sender = await member();
    const recipient = await member();
    const { conversationId, messageId } = await messageFrom(sender, recipient, 'Evidence text');
    expect((await report(recipient, messageId)).status).toBe(201);
    const deleted = await request(t.app)
      .delete(`/api/conversations/${conversationId}/messages/${messageId}`)
      .set('Cookie', sender.cookie);
    expect(deleted.status).toBe(200);
    const { found } = await queueCase(messageId);
    expect(found).toMatchObject({ snapshot: { type: 'message', text: 'Evidence text' } });
  });

  it('refuses a member outside the conversation with 404 and stores nothing', async () => {
    const sender = await member();
    const recipient = await member();
    const stranger = await member();
    const { messageId } = await messageFrom(sender, recipient);
    const res = await report(stranger, messageId);
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(await reportsOn(messageId)).toHaveLength(0);
    // An unknown id answers the same.
    expect((await report(stranger, crypto.randomUUID())).status).toBe(404);
  });

  it('refuses reporting one’s own message (400), a deleted one and a blocked pair’s (404)', async () => {
    const sender = await member();
    const recipient = await member();
    const { conversationId, messageId } = await messageFrom(sender, recipient);
    const own = await report(sender, messageId);
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/own posts, comments, photos and messages/);

    const other = await sendText(sender, conversationId, 'deleted soon');
    const otherId = other.body.chatMessage._id as string;
    await request(t.app)
      .delete(`/api/conversations/${conversationId}/messages/${otherId}`)
      .set('Cookie', sender.cookie);
    expect((await report(recipient, otherId)).status).toBe(404);

    // The sender blocks the recipient: the conversation is hidden from both.
    const blocked = await request(t.app)
      .post('/api/blocks')
      .set('Cookie', sender.cookie)
      .send({ userId: recipient.user.id });
    expect(blocked.status).toBeLessThan(300);
    expect((await report(recipient, messageId)).status).toBe(404);
    expect(await reportsOn(messageId)).toHaveLength(0);
    expect(await reportsOn(otherId)).toHaveLength(0);
  });

  it('reports and blocks at once ("Also block this member")', async () => {
    const sender = await member();
    const recipient = await member();
    const { conversationId, messageId } = await messageFrom(sender, recipient);
    const res = await report(recipient, messageId, { block: true });
    expect(res.status).toBe(201);
    expect(res.body.blocked).toBe(true);
    expect((await sendText(sender, conversationId, 'again')).status).toBe(404);
  });

  it(`counts toward the sender's first-message cap: ${MESSAGE_REPORTED_THRESHOLD} reporters lower it to ${REPORTED_FIRST_MESSAGES_PER_DAY}`, async () => {
    const sender = await member();
    for (let i = 0; i < MESSAGE_REPORTED_THRESHOLD; i += 1) {
      const reporter = await member();
      const { messageId } = await messageFrom(sender, reporter);
      expect((await report(reporter, messageId)).status).toBe(201);
    }
    for (let i = 0; i < REPORTED_FIRST_MESSAGES_PER_DAY; i += 1) {
      const id = await openWith(sender, await member());
      expect((await sendText(sender, id, 'hello stranger')).status).toBe(201);
    }
    const id = await openWith(sender, await member());
    const refused = await sendText(sender, id, 'one more');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });

  it('a moderator’s remove turns the message into the placeholder and drops its image', async () => {
    const sender = await member();
    const recipient = await member();
    const {
      conversationId,
      messageId,
      imageUrl: url,
    } = await imageFrom(sender, recipient, { text: 'unwanted picture' });
    const filed = await report(recipient, messageId, { reason: 'nudity' });
    const { mod } = await queueCase(messageId);
    const resolved = await request(t.app)
      .post(`/api/moderation/reports/${filed.body.report._id}/resolve`)
      .set('Cookie', mod.cookie)
      .send({ action: 'remove', note: 'Unsolicited image' });
    expect(resolved.status).toBe(200);
    const [message] = await t.context.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, messageId));
    expect(message).toMatchObject({ bodySealed: null, imageKeySealed: null });
    expect(message!.deletedAt).not.toBeNull();
    const thread = await request(t.app)
      .get(`/api/conversations/${conversationId}/messages`)
      .set('Cookie', recipient.cookie);
    expect(thread.body.messages[0]).toMatchObject({ deleted: true, text: null, image: null });
    expect((await request(t.app).get(url).set('Cookie', recipient.cookie)).status).toBe(404);
    expect((await request(t.app).get(url).set('Cookie', mod.cookie)).status).toBe(404);
    const log = await t.context.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.targetId, messageId));
    expect(log).toMatchObject([{ action: 'remove', targetType: 'message' }]);
  });
});
