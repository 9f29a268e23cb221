import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, reports } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildComment, buildFollow, buildPost, disableMember } from '../posts/test-factories.js';
import { uploadPhotos, validProfile } from '../profiles/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const reportsOn = (targetId: string) =>
  t.context.db.select().from(reports).where(eq(reports.targetId, targetId));

function report(cookie: string, body: Record<string, unknown>) {
  return request(t.app).post('/api/reports').set('Cookie', cookie).send(body);
}

describe('POST /api/reports', () => {
  it('files a report of a post with a snapshot of the post as it was', async () => {
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id, {
      title: 'Buy cheap followers',
      description: 'Visit my site',
    });

    const res = await report(reader.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'spam',
      note: 'Same text on ten posts',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Thank you. Our moderators will look at your report.',
      report: { status: 'open' },
      blocked: false,
    });
    const [row] = await reportsOn(post.id);
    expect(row).toMatchObject({
      reporterId: reader.user.id,
      targetType: 'post',
      targetMemberId: author.user.id,
      reason: 'spam',
      note: 'Same text on ten posts',
      status: 'open',
      snapshot: {
        type: 'post',
        title: 'Buy cheap followers',
        description: 'Visit my site',
        privacy: 'public',
        mediaKey: null,
      },
    });
    expect(row!.id).toBe(res.body.report._id);
  });

  it("refuses a second open report of the same thing with 'You have already reported this.' (409)", async () => {
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const body = { targetType: 'post', targetId: post.id, reason: 'harassment' };
    expect((await report(reader.cookie, body)).status).toBe(201);

    const again = await report(reader.cookie, { ...body, reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ALREADY_REPORTED' });
    expect(again.body.message).toMatch(/^You have already reported this\./);
    expect(await reportsOn(post.id)).toHaveLength(1);

    // Another member's report of the same post is their own.
    const other = await signedInUser(t.context);
    expect((await report(other.cookie, body)).status).toBe(201);
    expect(await reportsOn(post.id)).toHaveLength(2);
  });

  it('answers 404 for what the reporter cannot see, and stores nothing', async () => {
    const author = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    const privatePost = await buildPost(t.context, author.user.id, { privacy: 'private' });
    const followersPost = await buildPost(t.context, author.user.id, { privacy: 'followers' });
    const gone = await signedInUser(t.context);
    await disableMember(t.context, gone.user.id);

    for (const [targetType, targetId] of [
      ['post', privatePost.id],
      ['post', followersPost.id],
      ['member', gone.user.id],
      ['post', '00000000-0000-4000-8000-000000000000'],
      ['photo', 'AAAAAAAAAAAAAAAAAAAAAAAA.webp'],
    ] as const) {
      const res = await report(stranger.cookie, { targetType, targetId, reason: 'spam' });
      expect(res.status, `${targetType} ${targetId}`).toBe(404);
      expect(res.body.message).toBe(
        'There is nothing to report here: it is gone or you cannot see it.',
      );
    }
    expect(await reportsOn(privatePost.id)).toHaveLength(0);
    expect(await reportsOn(followersPost.id)).toHaveLength(0);
    expect(await reportsOn(gone.user.id)).toHaveLength(0);

    // A follower sees the followers-only post, so may report it.
    await buildFollow(t.context, stranger.user.id, author.user.id);
    const res = await report(stranger.cookie, {
      targetType: 'post',
      targetId: followersPost.id,
      reason: 'violence',
    });
    expect(res.status).toBe(201);
  });

  it('refuses reports of oneself and of one’s own content (400)', async () => {
    const me = await signedInUser(t.context);
    const post = await buildPost(t.context, me.user.id);
    for (const body of [
      { targetType: 'member', targetId: me.user.id, reason: 'spam' },
      { targetType: 'post', targetId: post.id, reason: 'spam' },
    ]) {
      const res = await report(me.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'You cannot report yourself or your own posts, comments, photos and messages.',
      );
    }
    expect(await reportsOn(me.user.id)).toHaveLength(0);
  });

  it('validates the reason, the note (at most 1000 characters) and the id', async () => {
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ targetType: 'post', targetId: post.id, reason: 'boring' }, 'Choose a reason'],
      [
        { targetType: 'post', targetId: post.id, reason: 'spam', note: 'x'.repeat(1001) },
        'Notes can be at most 1000 characters',
      ],
      [{ targetType: 'post', targetId: 'not-an-id', reason: 'spam' }, 'Invalid ID'],
      [
        { targetType: 'planet', targetId: post.id, reason: 'spam' },
        'Choose what you are reporting',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await report(reader.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const ok = await report(reader.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'other',
      note: 'x'.repeat(1000),
    });
    expect(ok.status).toBe(201);
  });

  it('with block: true also blocks the member, who then vanishes for the reporter', async () => {
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const res = await report(reader.cookie, {
      targetType: 'post',
      targetId: post.id,
      reason: 'harassment',
      block: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      blocked: true,
      message:
        'Thank you. Our moderators will look at your report, and you have blocked this member.',
    });
    expect(
      await t.context.db.select().from(blocks).where(eq(blocks.blockerId, reader.user.id)),
    ).toMatchObject([{ blockedId: author.user.id }]);
    await request(t.app)
      .get(`/api/users/${author.user.id}`)
      .set('Cookie', reader.cookie)
      .expect(404);
    expect(await reportsOn(post.id)).toHaveLength(1);
  });

  it('stops report-bombing with a flood limit that says when it frees up (429)', async () => {
    const limited = await createTestApp({
      rateLimits: { reportPerMember: { points: 2, durationSeconds: 3600 } },
    });
    try {
      const author = await signedInUser(limited.context);
      const reader = await signedInUser(limited.context);
      const answers: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const post = await buildPost(limited.context, author.user.id);
        const res = await request(limited.app)
          .post('/api/reports')
          .set('Cookie', reader.cookie)
          .send({ targetType: 'post', targetId: post.id, reason: 'spam' });
        answers.push(res.status);
        if (res.status === 429) {
          expect(res.body.message).toBe(
            "You're reporting too often. You can report again in 1 hour.",
          );
        }
      }
      expect(answers).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('needs a signed-in member (401)', async () => {
    const res = await request(t.app)
      .post('/api/reports')
      .send({ targetType: 'member', targetId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(401);
  });

  it('snapshots a comment, a member (names, bio, photos) and a photo named by its file name', async () => {
    const owner = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const [photoUrl] = await uploadPhotos(t, owner.cookie, 1);
    await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', owner.cookie)
      .send(validProfile({ bio: 'I sell things', photos: [photoUrl] }))
      .expect(201);
    const post = await buildPost(t.context, reader.user.id);
    const comment = await buildComment(t.context, {
      postId: post.id,
      authorId: owner.user.id,
      content: 'You are all idiots',
    });
    const fileName = photoUrl!.split('/').pop()!;

    for (const [targetType, targetId] of [
      ['comment', comment.id],
      ['member', owner.user.id],
      ['photo', fileName],
    ] as const) {
      const res = await report(reader.cookie, { targetType, targetId, reason: 'harassment' });
      expect(res.status, targetType).toBe(201);
    }
    const [commentReport] = await reportsOn(comment.id);
    expect(commentReport!.snapshot).toMatchObject({
      type: 'comment',
      content: 'You are all idiots',
      postId: post.id,
    });
    const [memberReport] = await reportsOn(owner.user.id);
    expect(memberReport!.snapshot).toEqual({
      type: 'member',
      firstName: 'Zoë',
      lastName: 'Dupont',
      bio: 'I sell things',
      photoKeys: [fileName],
    });
    const rows = await t.context.db.select().from(reports).where(eq(reports.targetType, 'photo'));
    const photoReport = rows.find((row) => row.reporterId === reader.user.id);
    expect(photoReport).toMatchObject({
      targetMemberId: owner.user.id,
      snapshot: { type: 'photo', storageKey: fileName },
    });
    // The photo is stored under its row id, so a report by its thumbnail's name is the same target.
    expect(photoReport!.targetId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
