import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';
import { buildComment, buildPost, pngImage } from '../features/posts/test-factories.js';

/**
 * Hostile input that used to end in an unhandled 500 (issue 19, finding 4): each is a clear 400 in
 * the API's error shape, never a server error.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';

function expectClear400(res: request.Response) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.success).toBe(false);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.code).not.toBe('SERVER_ERROR');
}

describe('a NUL byte in any text', () => {
  it('is refused in sign-up names and the login email', async () => {
    const signup = await request(t.app)
      .post('/api/users/signup')
      .send({
        firstName: `Ann${NUL}`,
        lastName: 'Lee',
        username: 'annlee',
        email: 'nul-signup@example.com',
        password: 'secret123',
      });
    expectClear400(signup);
    expect(signup.body.message).toMatch(/invisible|control|NUL/i);

    const login = await request(t.app)
      .post('/api/users/login')
      .send({ email: `a${NUL}@example.com`, password: 'secret123' });
    expectClear400(login);
  });

  it('is refused in a post title (multipart), a comment, a bio and a search', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', `Hello${NUL}`)
      .field('privacy', 'public');
    expectClear400(post);

    const own = await buildPost(t.context, user.id);
    const comment = await request(t.app)
      .post(`/api/posts/${own.id}/comments`)
      .set('Cookie', cookie)
      .send({ content: `hi${NUL}there` });
    expectClear400(comment);

    const bio = await request(t.app)
      .post(`/api/profile/update/${user.id}`)
      .set('Cookie', cookie)
      .send({ bio: `me${NUL}` });
    expectClear400(bio);

    const search = await request(t.app)
      .get('/api/users/search')
      .query({ searchText: `an${NUL}` })
      .set('Cookie', cookie);
    expectClear400(search);
    const mention = await request(t.app).get(`/api/users/search?q=an%00`).set('Cookie', cookie);
    expectClear400(mention);
  });
});

describe('impossible cursors', () => {
  const cursorOf = (time: string, id: string) =>
    Buffer.from(JSON.stringify([time, id])).toString('base64url');

  it.each([
    '2025-13-45T12:00:00.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '2025-02-30T25:61:00.000000Z',
  ])('a cursor at %s is a 400', async (time) => {
    const { user, cookie } = await signedInUser(t.context);
    const cursor = cursorOf(time, user.id);
    const res = await request(t.app)
      .get('/api/posts')
      .query({ userId: user.id, cursor })
      .set('Cookie', cookie);
    expectClear400(res);
    const following = await request(t.app)
      .get(`/api/posts/following/${user.id}`)
      .query({ cursor })
      .set('Cookie', cookie);
    expectClear400(following);
  });
});

describe('broken uploads', () => {
  it('a multipart body without a boundary is a 400', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .set('Content-Type', 'multipart/form-data')
      .send('--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n--x--\r\n');
    expectClear400(res);
  });

  it('a truncated multipart body is a 400', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nHel');
    expectClear400(res);
  });

  it('a control character in an upload file name is a 400', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const png = await pngImage();
    const post = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'Hi')
      .field('privacy', 'public')
      .attach('media', png, { filename: 'a\u0001b\u0000.png', contentType: 'image/png' });
    expectClear400(post);
    const photo = await request(t.app)
      .post('/api/profile/upload-photo')
      .set('Cookie', cookie)
      .field('userId', user.id)
      .attach('photo', png, { filename: 'x\u0007y.png', contentType: 'image/png' });
    expectClear400(photo);
  });
});

describe('ids', () => {
  it('following yourself with your id in upper case is the same 400 as in lower case', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const lower = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', cookie)
      .send({ followedUserId: user.id });
    const upper = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', cookie)
      .send({ userId: user.id.toUpperCase(), followedUserId: user.id.toUpperCase() });
    expectClear400(lower);
    expectClear400(upper);
    expect(upper.body.message).toBe(lower.body.message);
  });

  it('an upper-case id reads the same member, post and comment', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id);
    await buildComment(t.context, { postId: post.id, authorId: user.id });
    const res = await request(t.app)
      .get(`/api/posts/${post.id.toUpperCase()}/comments`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body.comments).toHaveLength(1);
  });
});
