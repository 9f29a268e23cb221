import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a message notification', () => {
  it('names the conversation (for its link) and the sender, never the content', async () => {
    const ana = await signedInUser(t.context, { firstName: 'Ana' });
    const ben = await signedInUser(t.context);
    const [low, high] = [ana.user.id, ben.user.id].sort();
    await t.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });
    const opened = await request(t.app)
      .post('/api/conversations')
      .set('Cookie', ana.cookie)
      .send({ userId: ben.user.id });
    const conversationId = opened.body.conversation._id as string;
    const sent = await request(t.app)
      .post(`/api/conversations/${conversationId}/messages`)
      .set('Cookie', ana.cookie)
      .send({ text: 'The secret is under the mat' });
    expect(sent.status).toBe(201);

    const list = await request(t.app).get('/api/notifications').set('Cookie', ben.cookie);
    expect(list.status).toBe(200);
    const item = (list.body.notifications as { type: string }[]).find(
      (notification) => notification.type === 'message',
    );
    expect(item).toMatchObject({
      type: 'message',
      actors: [{ _id: ana.user.id, firstName: 'Ana' }],
      conversation: { _id: conversationId },
    });
    expect(item).not.toHaveProperty('post');
    expect(JSON.stringify(list.body)).not.toContain('secret');

    // Other kinds name no conversation.
    const others = (list.body.notifications as { type: string }[]).filter(
      (notification) => notification.type !== 'message',
    );
    for (const other of others) expect(other).not.toHaveProperty('conversation');
  });
});
