import {
  ENTITLEMENTS,
  NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY,
  REPORTED_FIRST_MESSAGES_PER_DAY,
  MESSAGE_REPORTED_THRESHOLD,
  planStateOf,
  type PlanState,
} from '@kindred/contracts';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  chatMessages,
  conversations,
  matches,
  privacySettings,
  reports,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildFollow, pngImage } from '../posts/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

function planFieldsFor(state: PlanState, now: Date) {
  switch (state) {
    case 'free':
      return {
        plan: 'free' as const,
        subscriptionStatus: 'trial' as const,
        trialEndDate: new Date(now.getTime() + 30 * DAY),
      };
    case 'trial-ended':
      return {
        plan: 'free' as const,
        subscriptionStatus: 'trial' as const,
        trialEndDate: new Date(now.getTime() - DAY),
      };
    default:
      return {
        plan: state,
        subscriptionStatus: 'active' as const,
        trialEndDate: new Date(now.getTime() - 30 * DAY),
      };
  }
}

/** A member of the given plan whose account is older than a day (unless `newAccount`). */
async function member(state: PlanState = 'free', { newAccount = false } = {}) {
  const now = t.clock.now();
  const fields = planFieldsFor(state, now);
  expect(planStateOf(fields, now)).toBe(state);
  return signedInUser(t.context, {
    ...fields,
    createdAt: newAccount ? now : new Date(now.getTime() - 2 * DAY),
  });
}
type Member = Awaited<ReturnType<typeof member>>;

async function match(a: Member, b: Member) {
  const [low, high] = [a.user.id, b.user.id].sort();
  await t.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });
}

const open = (from: Member, to: Member | string) =>
  request(t.app)
    .post('/api/conversations')
    .set('Cookie', from.cookie)
    .send({ userId: typeof to === 'string' ? to : to.user.id });

/** Each message a millisecond after the previous one, so "newest" is well defined. */
const send = (from: Member, conversationId: string, text: unknown) => {
  t.clock.advance(1);
  return request(t.app)
    .post(`/api/conversations/${conversationId}/messages`)
    .set('Cookie', from.cookie)
    .send({ text });
};

const messagesOf = (who: Member, conversationId: string) =>
  request(t.app).get(`/api/conversations/${conversationId}/messages`).set('Cookie', who.cookie);

/** Opens the pair's conversation (as `from`) and sends one text; the conversation id. */
async function conversationWith(from: Member, to: Member, text = 'Hello there') {
  const opened = await open(from, to);
  expect(opened.status).toBe(200);
  const id = opened.body.conversation._id as string;
  const sent = await send(from, id, text);
  expect(sent.status).toBe(201);
  return id;
}

const rowsOf = (conversationId: string) =>
  t.context.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));

describe('who may message whom', () => {
  it('matches write freely, and their messages keep links clickable', async () => {
    const a = await member('trial-ended');
    const b = await member();
    await match(a, b);
    await t.context.db
      .insert(privacySettings)
      .values({ userId: b.user.id, whoCanMessage: 'matches' });
    const id = await conversationWith(a, b);
    const page = await messagesOf(b, id);
    expect(page.status).toBe(200);
    expect(page.body.messages).toMatchObject([
      { text: 'Hello there', mine: false, linksAllowed: true },
    ]);
  });

  it('mutual follows write freely (even on a plan without first messages)', async () => {
    const a = await member('trial-ended');
    const b = await member();
    await buildFollow(t.context, a.user.id, b.user.id);
    await buildFollow(t.context, b.user.id, a.user.id);
    await conversationWith(a, b);
  });

  it('a stranger writes when the recipient accepts everyone; links in it are not clickable', async () => {
    const a = await member();
    const b = await member();
    const id = await conversationWith(a, b, 'see https://example.com');
    const page = await messagesOf(b, id);
    expect(page.body.messages[0]).toMatchObject({ linksAllowed: false });
    // Once the recipient answers, the conversation is established.
    expect((await send(b, id, 'hi')).status).toBe(201);
    expect((await send(a, id, 'https://example.com again')).status).toBe(201);
    const after = await messagesOf(b, id);
    expect(after.body.messages[0]).toMatchObject({ linksAllowed: true });
  });

  it('"matches-and-following" lets in only members the recipient follows', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await t.context.db
      .insert(privacySettings)
      .values({ userId: b.user.id, whoCanMessage: 'matches-and-following' });
    await buildFollow(t.context, b.user.id, c.user.id);
    const refused = await open(a, b);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MESSAGE_NOT_ALLOWED');
    await conversationWith(c, b);
  });

  it('"matches" refuses everyone else, and nothing is written', async () => {
    const a = await member();
    const b = await member();
    await t.context.db
      .insert(privacySettings)
      .values({ userId: b.user.id, whoCanMessage: 'matches' });
    const refused = await open(a, b);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MESSAGE_NOT_ALLOWED');
    expect(
      await t.context.db.select().from(conversations).where(eq(conversations.openedBy, a.user.id)),
    ).toEqual([]);
  });

  it('a setting changed after the first message closes the door to a stranger who was never answered', async () => {
    const a = await member();
    const b = await member();
    const id = await conversationWith(a, b);
    await t.context.db
      .insert(privacySettings)
      .values({ userId: b.user.id, whoCanMessage: 'matches' });
    const refused = await send(a, id, 'again');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MESSAGE_NOT_ALLOWED');
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('"photo-verified members only" refuses an unverified stranger with 403 PHOTO_VERIFICATION_REQUIRED and writes nothing', async () => {
    const stranger = await member();
    const b = await member();
    await t.context.db
      .insert(privacySettings)
      .values({ userId: b.user.id, messagesFromPhotoVerifiedOnly: true });
    const refused = await open(stranger, b);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      code: 'PHOTO_VERIFICATION_REQUIRED',
      message:
        'This member only receives messages from photo-verified members. Verify your photos in Settings to write to them.',
    });
    expect(
      await t.context.db
        .select()
        .from(conversations)
        .where(eq(conversations.openedBy, stranger.user.id)),
    ).toEqual([]);
  });

  it('"photo-verified members only" lets in a photo-verified stranger, and matches and mutual follows who are not verified', async () => {
    const b = await member();
    await t.context.db
      .insert(privacySettings)
      .values({ userId: b.user.id, messagesFromPhotoVerifiedOnly: true });
    const verified = await signedInUser(t.context, {
      ...planFieldsFor('free', t.clock.now()),
      createdAt: new Date(t.clock.now().getTime() - 2 * DAY),
      photoVerifiedAt: t.clock.now(),
    });
    const id = await conversationWith(verified, b);
    expect((await messagesOf(verified, id)).body.conversation.canSend).toBe(true);

    const matched = await member();
    await match(matched, b);
    await conversationWith(matched, b);

    const mutual = await member();
    await buildFollow(t.context, mutual.user.id, b.user.id);
    await buildFollow(t.context, b.user.id, mutual.user.id);
    await conversationWith(mutual, b);
  });

  it('"photo-verified members only" turned on later stops an unverified stranger who was never answered (canSend false); whoCanMessage still speaks first', async () => {
    const a = await member();
    const b = await member();
    const id = await conversationWith(a, b);
    await t.context.db
      .insert(privacySettings)
      .values({ userId: b.user.id, messagesFromPhotoVerifiedOnly: true });
    const refused = await send(a, id, 'again');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PHOTO_VERIFICATION_REQUIRED');
    expect(await rowsOf(id)).toHaveLength(1);
    expect((await messagesOf(a, id)).body.conversation.canSend).toBe(false);

    // Once b answers, the conversation is established and a writes freely.
    expect((await send(b, id, 'hello')).status).toBe(201);
    expect((await send(a, id, 'thanks')).status).toBe(201);

    // Both settings refuse a new stranger: the one that refuses whoever they are is named.
    const c = await member();
    await t.context.db
      .update(privacySettings)
      .set({ whoCanMessage: 'matches' })
      .where(eq(privacySettings.userId, b.user.id));
    expect((await open(c, b)).body.code).toBe('MESSAGE_NOT_ALLOWED');
  });

  it('blocked pairs cannot message either way; the history is kept but hidden', async () => {
    const a = await member();
    const b = await member();
    const id = await conversationWith(a, b);
    await t.context.db.insert(blocks).values({ blockerId: b.user.id, blockedId: a.user.id });
    for (const who of [a, b]) {
      expect((await messagesOf(who, id)).status).toBe(404);
      const list = await request(t.app).get('/api/conversations').set('Cookie', who.cookie);
      expect(list.body.conversations.map((c: { _id: string }) => c._id)).not.toContain(id);
    }
    expect((await send(a, id, 'still there?')).status).toBe(404);
    expect((await send(b, id, 'bye')).status).toBe(404);
    expect((await open(a, b)).status).toBe(404);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('an unmatch closes the conversation for both; a suspension hides it', async () => {
    const a = await member();
    const b = await member();
    await match(a, b);
    const id = await conversationWith(a, b);
    const unmatched = await request(t.app)
      .delete(`/api/matches/${b.user.id}`)
      .set('Cookie', a.cookie);
    expect(unmatched.status).toBe(200);
    expect((await messagesOf(b, id)).status).toBe(404);
    expect((await send(b, id, 'hey')).status).toBe(404);
    const reopened = await open(a, b);
    expect(reopened.status).toBe(403);
    expect(reopened.body.code).toBe('CONVERSATION_CLOSED');

    const c = await member();
    const d = await member();
    const other = await conversationWith(c, d);
    await t.context.db.update(users).set({ status: 'suspended' }).where(eq(users.id, d.user.id));
    expect((await messagesOf(c, other)).status).toBe(404);
    expect((await send(c, other, 'hello?')).status).toBe(404);
  });

  it('refuses messaging oneself and unknown members', async () => {
    const a = await member();
    expect((await open(a, a)).status).toBe(400);
    const unknown = await open(a, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('MEMBER_NOT_FOUND');
  });
});

describe('first messages to strangers per day', () => {
  for (const state of ['free', 'beginner', 'professional', 'trial-ended'] as const) {
    it(`${state}: ${String(ENTITLEMENTS[state].firstMessagesPerDay)} a day, then 403 PLAN_LIMIT; the next UTC day frees them`, async () => {
      const cap = ENTITLEMENTS[state].firstMessagesPerDay;
      const sender = await member(state);
      const tries = cap === null ? 25 : cap;
      for (let i = 0; i < tries; i += 1) await conversationWith(sender, await member());
      if (cap === null) return;
      const recipient = await member();
      const opened = await open(sender, recipient);
      const refused = await send(sender, opened.body.conversation._id, 'one more');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT', feature: 'firstMessagesPerDay' });
      expect(await rowsOf(opened.body.conversation._id)).toEqual([]);
      // More messages in a conversation already started do not count.
      if (cap > 0) {
        const [first] = await t.context.db
          .select()
          .from(conversations)
          .where(eq(conversations.openedBy, sender.user.id))
          .limit(1);
        expect((await send(sender, first!.id, 'follow-up')).status).toBe(201);
      }
      t.clock.advance(DAY);
      if (cap > 0) {
        expect((await send(sender, opened.body.conversation._id, 'next day')).status).toBe(201);
      }
    });
  }

  it(`accounts younger than a day send ${NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY}, then 429 NEW_ACCOUNT_LIMIT`, async () => {
    const sender = await member('professional', { newAccount: true });
    for (let i = 0; i < NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY; i += 1) {
      await conversationWith(sender, await member());
    }
    const opened = await open(sender, await member());
    const refused = await send(sender, opened.body.conversation._id, 'more');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('NEW_ACCOUNT_LIMIT');
  });

  it(`members with ${MESSAGE_REPORTED_THRESHOLD} open reports send ${REPORTED_FIRST_MESSAGES_PER_DAY}`, async () => {
    const sender = await member('professional');
    for (let i = 0; i < MESSAGE_REPORTED_THRESHOLD; i += 1) {
      const reporter = await member();
      await t.context.db.insert(reports).values({
        reporterId: reporter.user.id,
        targetType: 'member',
        targetId: sender.user.id,
        targetMemberId: sender.user.id,
        reason: 'spam',
        snapshot: {},
      });
    }
    await conversationWith(sender, await member());
    const opened = await open(sender, await member());
    const refused = await send(sender, opened.body.conversation._id, 'more');
    expect(refused.status).toBe(429);
  });
});

describe('a conversation is for its two members only', () => {
  it('a stranger can neither read, post, mark read nor delete in it, nor fetch its images', async () => {
    const a = await member();
    const b = await member();
    const stranger = await member();
    const opened = await open(a, b);
    const id = opened.body.conversation._id as string;
    const sent = await request(t.app)
      .post(`/api/conversations/${id}/messages`)
      .set('Cookie', a.cookie)
      .field('altText', 'A red square')
      .attach('image', await pngImage(), 'square.png');
    expect(sent.status).toBe(201);
    const image = sent.body.chatMessage.image;
    expect(image).toMatchObject({ altText: 'A red square' });
    expect((await request(t.app).get(image.url).set('Cookie', b.cookie)).status).toBe(200);
    // The image is scored after sending (nsfwScore, classifiedAt): that is not the stranger's doing.
    await t.context.background.settled();

    const before = await rowsOf(id);
    expect((await messagesOf(stranger, id)).status).toBe(404);
    expect((await send(stranger, id, 'intrusion')).status).toBe(404);
    expect(
      (await request(t.app).post(`/api/conversations/${id}/read`).set('Cookie', stranger.cookie))
        .status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .delete(`/api/conversations/${id}/messages/${sent.body.chatMessage._id}`)
          .set('Cookie', stranger.cookie)
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(image.url).set('Cookie', stranger.cookie)).status).toBe(404);
    expect(await rowsOf(id)).toEqual(before);
  });

  it('only the sender deletes a message, which stays as a placeholder without content', async () => {
    const a = await member();
    const b = await member();
    await match(a, b);
    const opened = await open(a, b);
    const id = opened.body.conversation._id as string;
    const sent = await request(t.app)
      .post(`/api/conversations/${id}/messages`)
      .set('Cookie', a.cookie)
      .field('text', 'with a picture')
      .attach('image', await pngImage(), 'square.png');
    const messageId = sent.body.chatMessage._id as string;
    const url = sent.body.chatMessage.image.url as string;
    const del = (who: Member) =>
      request(t.app)
        .delete(`/api/conversations/${id}/messages/${messageId}`)
        .set('Cookie', who.cookie);
    expect((await del(b)).status).toBe(403);
    expect((await messagesOf(b, id)).body.messages[0]).toMatchObject({ text: 'with a picture' });
    const deleted = await del(a);
    expect(deleted.status).toBe(200);
    expect(deleted.body.chatMessage).toMatchObject({ deleted: true, text: null, image: null });
    expect((await messagesOf(b, id)).body.messages[0]).toMatchObject({ deleted: true, text: null });
    expect((await request(t.app).get(url).set('Cookie', b.cookie)).status).toBe(404);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ bodySealed: null, imageKeySealed: null, imageAltSealed: null });
  });
});

describe('privacy at rest', () => {
  it('the raw row holds no message text, description or image key', async () => {
    const a = await member();
    const b = await member();
    const secret = `Meet me at the lighthouse ${Math.random()}`;
    const id = await conversationWith(a, b, secret);
    const sent = await request(t.app)
      .post(`/api/conversations/${id}/messages`)
      .set('Cookie', a.cookie)
      .field('altText', 'the secret beach')
      .attach('image', await pngImage(), 'beach.png');
    const key = (sent.body.chatMessage.image.url as string).split('/').pop()!;
    // The row as a database dump holds it: every column, as text.
    const raw = await t.context.db.execute(
      sql`select row_to_json(m)::text as row from messages m where conversation_id = ${id}::uuid`,
    );
    const rows = (raw as unknown as { rows: { row: string }[] }).rows;
    const dump = rows.map((r) => r.row).join('\n');
    expect(rows).toHaveLength(2);
    expect(dump).not.toContain('lighthouse');
    expect(dump).not.toContain('secret beach');
    expect(dump).not.toContain(key);
    expect((await messagesOf(b, id)).body.messages.map((m: { text: string }) => m.text)).toContain(
      secret,
    );
  });
});

describe('read state and receipts', () => {
  async function readScenario(readerPlan: PlanState, readerAllows: boolean) {
    const sender = await member();
    const reader = await member(readerPlan);
    await match(sender, reader);
    if (!readerAllows) {
      await t.context.db
        .insert(privacySettings)
        .values({ userId: reader.user.id, allowReadReceipts: false });
    }
    const id = await conversationWith(sender, reader);
    const unread = await request(t.app)
      .get('/api/conversations/unread-count')
      .set('Cookie', reader.cookie);
    expect(unread.body.unreadTotal).toBe(1);
    t.clock.advance(1000);
    const read = await request(t.app)
      .post(`/api/conversations/${id}/read`)
      .set('Cookie', reader.cookie);
    expect(read.status).toBe(200);
    expect(read.body.unreadTotal).toBe(0);
    const seen = await messagesOf(sender, id);
    return seen.body.conversation.memberReadAt as string | null;
  }

  it('shows the read time when the reader’s plan includes receipts and the reader allows them', async () => {
    expect(await readScenario('professional', true)).toBe(t.clock.now().toISOString());
  });

  it('hides it when the reader’s plan lacks receipts, or the reader turned them off', async () => {
    expect(await readScenario('beginner', true)).toBeNull();
    expect(await readScenario('professional', false)).toBeNull();
  });

  it('lists conversations with the last message and unread counts', async () => {
    const a = await member();
    const b = await member();
    const id = await conversationWith(a, b, 'first');
    await send(a, id, 'second');
    const list = await request(t.app).get('/api/conversations').set('Cookie', b.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ unreadTotal: 2, nextCursor: null });
    expect(list.body.conversations).toMatchObject([
      { _id: id, member: { _id: a.user.id }, unreadCount: 2, lastMessage: { text: 'second' } },
    ]);
  });
});

describe('the conversations list', () => {
  it('for a member without conversations, reads the empty page and the unread total only', async () => {
    const loner = await signedInUser(t.context);
    const statements: string[] = [];
    const stop = t.context.database.onQuery((text) => {
      if (!/"sessions"/.test(text)) statements.push(text);
    });
    let body: { conversations: unknown[]; unreadTotal: number };
    try {
      body = (
        await request(t.app).get('/api/conversations').set('Cookie', loner.cookie).expect(200)
      ).body as typeof body;
    } finally {
      stop();
    }
    expect(body.conversations).toEqual([]);
    expect(body.unreadTotal).toBe(0);
    expect(statements).toHaveLength(2);
  });
});
