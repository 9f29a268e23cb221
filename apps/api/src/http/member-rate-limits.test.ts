import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema.js';
import { buildPost } from '../features/posts/test-factories.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      postCreatePerMember: { points: 2, durationSeconds: 3600 },
      commentPerMember: { points: 2, durationSeconds: 3600 },
      searchPerMember: { points: 2, durationSeconds: 3600 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const createPost = (cookie: string, title: string) =>
  request(t.app)
    .post('/api/posts/create')
    .set('Cookie', cookie)
    .field('title', title)
    .field('privacy', 'public');

describe('flood limits on what members create', () => {
  // Each refusal names what is limited and when it frees up. The window is an hour so the wait it
  // names reads "1 hour" however long the test itself takes (a 60 s window read "59 seconds" when slow).
  it('refuses a member’s third post in the window with 429 and leaves others unaffected', async () => {
    const flooder = await signedInUser(t.context);
    const neighbour = await signedInUser(t.context);
    expect((await createPost(flooder.cookie, 'one')).status).toBe(201);
    expect((await createPost(flooder.cookie, 'two')).status).toBe(201);

    const refused = await createPost(flooder.cookie, 'three');
    expect(refused.status).toBe(429);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe("You're posting too often. You can post again in 1 hour.");
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBeDefined();
    const titles = (await t.context.db.select({ title: posts.title }).from(posts)).map(
      (row) => row.title,
    );
    expect(titles).not.toContain('three');

    expect((await createPost(neighbour.cookie, 'hello')).status).toBe(201);
  });

  it('counts both comment endpoints against one comment limit', async () => {
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const reply = (path: string, body: object) =>
      request(t.app).post(path).set('Cookie', author.cookie).send(body);
    expect((await reply(`/api/posts/${post.id}/comments`, { content: 'first' })).status).toBe(201);
    expect((await reply('/api/posts/comment', { postId: post.id, content: 'second' })).status).toBe(
      201,
    );
    const refused = await reply(`/api/posts/${post.id}/comments`, { content: 'third' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "You're commenting too often. You can comment again in 1 hour.",
    );
  });

  it('limits member searches per member', async () => {
    const searcher = await signedInUser(t.context);
    const search = () =>
      request(t.app).get('/api/users/search?searchText=a').set('Cookie', searcher.cookie);
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "You're searching too often. You can search again in 1 hour.",
    );
  });
});
