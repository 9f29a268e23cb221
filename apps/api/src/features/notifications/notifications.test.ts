import { mentionText, NOTIFICATION_TYPES, type NotificationItem } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, posts, privacySettings } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser, type UserRow } from '../../test/factories.js';
import { createMailCatcher } from '../../test/mail.js';
import { buildFollow, buildPost, disableMember } from '../posts/test-factories.js';
import type { LiveEvent } from '../../platform/live-events.js';
import { listNotificationsAfter, notifyNewSignIn, unreadCountOf } from './index.js';
import { changedNotificationEvents, NOTIFICATIONS_CHANGED_EVENT } from './service.js';

const DAY = 24 * 60 * 60 * 1000;
const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterAll(async () => {
  await t.close();
});

interface Member {
  user: UserRow;
  cookie: string;
}

/** A member whose account is `ageDays` old (new accounts are limited, and may be filtered out). */
const member = (ageDays = 30, firstName?: string): Promise<Member> =>
  signedInUser(t.context, {
    createdAt: new Date(t.clock.now().getTime() - ageDays * DAY),
    ...(firstName ? { firstName } : {}),
  });

const tick = () => t.clock.advance(1000);

const follow = (actor: Member, target: Member) =>
  request(t.app)
    .post('/api/connections/follow')
    .set('Cookie', actor.cookie)
    .send({ followedUserId: target.user.id })
    .expect(200);

const like = (actor: Member, postId: string) =>
  request(t.app).post('/api/posts/like').set('Cookie', actor.cookie).send({ postId }).expect(200);

const comment = async (
  actor: Member,
  postId: string,
  content: string,
  parentCommentId?: string,
): Promise<string> => {
  const res = await request(t.app)
    .post(`/api/posts/${postId}/comments`)
    .set('Cookie', actor.cookie)
    .send({ content, ...(parentCommentId ? { parentCommentId } : {}) })
    .expect(201);
  return (res.body as { comment: { _id: string } }).comment._id;
};

const block = (actor: Member, target: Member) =>
  request(t.app)
    .post('/api/blocks')
    .set('Cookie', actor.cookie)
    .send({ userId: target.user.id })
    .expect(200);

const mute = (actor: Member, target: Member) =>
  request(t.app)
    .post('/api/mutes')
    .set('Cookie', actor.cookie)
    .send({ userId: target.user.id })
    .expect(200);

interface Page {
  notifications: NotificationItem[];
  nextCursor: string | null;
  unreadCount: number;
}

const page = async (viewer: Member, query = ''): Promise<Page> => {
  const res = await request(t.app)
    .get(`/api/notifications${query}`)
    .set('Cookie', viewer.cookie)
    .expect(200);
  return res.body as Page;
};

const items = async (viewer: Member) => (await page(viewer, '?limit=50')).notifications;

// The request names every type; types added later join the list.
const ALL_TYPES_ON = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true]));

const saveSettings = (viewer: Member, changes: Record<string, unknown>) =>
  request(t.app)
    .put('/api/users/me/notification-settings')
    .set('Cookie', viewer.cookie)
    .send({
      types: ALL_TYPES_ON,
      onlyFromFollowing: false,
      notFromNewAccounts: false,
      emailDigest: 'off',
      ...changes,
    });

const nameOf = (m: Member) => `${m.user.firstName} ${m.user.lastName}`;

describe('follows and follow requests', () => {
  it('tells the followed member once, and never the follower', async () => {
    const [ana, bo] = await Promise.all([member(), member()]);
    await follow(ana, bo);

    const [item] = await items(bo);
    expect(await items(bo)).toHaveLength(1);
    expect(item).toMatchObject({ type: 'follow', actorCount: 1, readAt: null });
    expect(item!.actors).toEqual([
      {
        _id: ana.user.id,
        firstName: ana.user.firstName,
        lastName: ana.user.lastName,
        profilePicture: null,
      },
    ]);
    expect(await items(ana)).toEqual([]);
  });

  it('an unfollow takes the unread item back; following again makes one item, not two', async () => {
    const [ana, bo] = await Promise.all([member(), member()]);
    await follow(ana, bo);
    await follow(ana, bo); // unfollow
    expect(await items(bo)).toEqual([]);
    tick();
    await follow(ana, bo);
    tick();
    await follow(ana, bo); // unfollow
    tick();
    await follow(ana, bo);
    const list = await items(bo);
    expect(list.map((item) => item.type)).toEqual(['follow']);
    expect((await page(bo)).unreadCount).toBe(1);
  });

  it('a follow request tells a member who approves followers', async () => {
    const [ana, bo] = await Promise.all([member(), member()]);
    await t.context.db
      .insert(privacySettings)
      .values({ userId: bo.user.id, whoCanFollow: 'approve' });
    await follow(ana, bo);
    const list = await items(bo);
    expect(list.map((item) => [item.type, item.actors[0]?._id])).toEqual([
      ['follow_request', ana.user.id],
    ]);
    await follow(ana, bo); // withdraws the request
    expect(await items(bo)).toEqual([]);
  });
});

describe('likes', () => {
  it('group into one unread item per post: the newest actors first, all counted', async () => {
    const author = await member();
    const likers = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
    const post = await buildPost(t.context, author.user.id, { title: 'Sunset at the pier' });
    for (const liker of likers) {
      tick();
      await like(liker, post.id);
    }
    const list = await items(author);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'like',
      actorCount: 5,
      post: { _id: post.id, excerpt: 'Sunset at the pier' },
    });
    expect(list[0]!.actors.map((actor) => actor._id)).toEqual(
      [likers[4], likers[3], likers[2]].map((liker) => liker!.user.id),
    );
    expect((await page(author)).unreadCount).toBe(1);
  });

  it('concurrent likes still make one item', async () => {
    const author = await member();
    const likers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => member()));
    const post = await buildPost(t.context, author.user.id);
    await Promise.all(likers.map((liker) => like(liker, post.id)));
    const list = await items(author);
    expect(list).toHaveLength(1);
    expect(list[0]!.actorCount).toBe(6);
  });

  it('an unlike takes the liker out of the unread group; the last one out removes it', async () => {
    const author = await member();
    const [ana, bo] = await Promise.all([member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    await like(ana, post.id);
    await like(bo, post.id);
    await like(ana, post.id); // unlike
    let list = await items(author);
    expect(list[0]!.actorCount).toBe(1);
    expect(list[0]!.actors.map((actor) => actor._id)).toEqual([bo.user.id]);
    await like(bo, post.id); // unlike
    list = await items(author);
    expect(list).toEqual([]);
  });

  it('after the group is read, a new like starts a new item', async () => {
    const author = await member();
    const [ana, bo] = await Promise.all([member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    await like(ana, post.id);
    await request(t.app)
      .post('/api/notifications/read')
      .set('Cookie', author.cookie)
      .send({ all: true })
      .expect(200);
    tick();
    await like(bo, post.id);
    const list = await items(author);
    expect(list.map((item) => [item.actorCount, item.readAt === null])).toEqual([
      [1, true],
      [1, false],
    ]);
  });

  it('liking your own post tells no one', async () => {
    const author = await member();
    const post = await buildPost(t.context, author.user.id);
    await like(author, post.id);
    expect(await items(author)).toEqual([]);
  });
});

describe('comments, replies and mentions', () => {
  it('a comment tells the post author with the post and comment excerpts', async () => {
    const [author, ana] = await Promise.all([member(), member()]);
    const post = await buildPost(t.context, author.user.id, { title: 'My garden' });
    const commentId = await comment(ana, post.id, 'Lovely   roses!');
    expect(await items(author)).toEqual([
      expect.objectContaining({
        type: 'comment',
        actorCount: 1,
        post: { _id: post.id, excerpt: 'My garden' },
        comment: { _id: commentId, excerpt: 'Lovely roses!' },
      }),
    ]);
    expect(await items(ana)).toEqual([]);
  });

  it('a reply tells the comment author (reply) and the post author (comment), once each', async () => {
    const [author, ana, bo] = await Promise.all([member(), member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    const first = await comment(ana, post.id, 'First');
    tick();
    const reply = await comment(bo, post.id, 'Answer', first);
    const anaItems = await items(ana);
    expect(anaItems.map((item) => [item.type, item.comment?._id])).toEqual([['reply', reply]]);
    const authorItems = await items(author);
    expect(authorItems.map((item) => [item.type, item.comment?._id])).toEqual([
      ['comment', reply],
      ['comment', first],
    ]);
  });

  it('a reply to your own comment on your own post tells no one', async () => {
    const [author, ana] = await Promise.all([member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    const first = await comment(ana, post.id, 'First');
    const before = await items(author);
    await comment(author, post.id, 'Thanks', first);
    expect((await items(author)).map((item) => item._id)).toEqual(before.map((item) => item._id));
  });

  it('a mention tells the mentioned member once (with the name shown, not the markup)', async () => {
    const [author, ana, cy] = await Promise.all([member(), member(), member(30, 'Cyrus')]);
    const post = await buildPost(t.context, author.user.id);
    const commentId = await comment(
      ana,
      post.id,
      `Hey ${mentionText(nameOf(cy), cy.user.id)} look ${mentionText(nameOf(cy), cy.user.id)}`,
    );
    const list = await items(cy);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'mention',
      post: { _id: post.id },
      comment: { _id: commentId, excerpt: `Hey @${nameOf(cy)} look @${nameOf(cy)}` },
    });
  });

  it('mentioning the post author on their post is one item for them (the mention)', async () => {
    const [author, ana] = await Promise.all([member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    await comment(ana, post.id, `cc ${mentionText(nameOf(author), author.user.id)}`);
    expect((await items(author)).map((item) => item.type)).toEqual(['mention']);
  });

  it('an edit that adds a mention tells the newly mentioned member only', async () => {
    const [author, ana, cy] = await Promise.all([member(), member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    const commentId = await comment(ana, post.id, 'Plain');
    await request(t.app)
      .patch(`/api/posts/${post.id}/comments/${commentId}`)
      .set('Cookie', ana.cookie)
      .send({ content: `Plain ${mentionText(nameOf(cy), cy.user.id)}` })
      .expect(200);
    expect((await items(cy)).map((item) => item.type)).toEqual(['mention']);
    expect((await items(author)).map((item) => item.type)).toEqual(['comment']);
  });
});

describe('who is never told', () => {
  it('nothing from a member the recipient blocked, was blocked by, or muted', async () => {
    const [author, blocked, blocker, muted] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
    ]);
    const post = await buildPost(t.context, author.user.id);
    await block(author, blocked);
    await block(blocker, author);
    await mute(author, muted);
    await follow(muted, author);
    await like(muted, post.id);
    await comment(muted, post.id, 'hi');
    // The blocked and the blocker cannot even see the post; following is refused too.
    await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', blocked.cookie)
      .send({ postId: post.id });
    expect(await items(author)).toEqual([]);
    expect((await page(author)).unreadCount).toBe(0);
  });

  it('an item from a member blocked or disabled afterwards is hidden, and leaves the count', async () => {
    const [author, ana, bo] = await Promise.all([member(), member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    await follow(ana, author);
    await like(ana, post.id);
    await like(bo, post.id);
    expect((await page(author)).unreadCount).toBe(2);

    await block(author, ana);
    const list = await items(author);
    expect(list.map((item) => [item.type, item.actorCount])).toEqual([['like', 1]]);
    expect(list[0]!.actors.map((actor) => actor._id)).toEqual([bo.user.id]);
    expect((await page(author)).unreadCount).toBe(1);

    await disableMember(t.context, bo.user.id);
    expect(await items(author)).toEqual([]);
    expect((await page(author)).unreadCount).toBe(0);
  });

  it('nothing about a post the recipient may not see; an item whose post became hidden disappears', async () => {
    const [author, ana, cy] = await Promise.all([member(), member(), member()]);
    const hidden = await buildPost(t.context, author.user.id, { privacy: 'followers' });
    await follow(ana, author);
    // cy does not follow the author: a mention on a followers-only post does not reach them.
    await comment(ana, hidden.id, `psst ${mentionText(nameOf(cy), cy.user.id)}`);
    expect(await items(cy)).toEqual([]);

    const open = await buildPost(t.context, author.user.id);
    await comment(ana, open.id, `look ${mentionText(nameOf(cy), cy.user.id)}`);
    expect(await items(cy)).toHaveLength(1);
    await t.context.db.update(posts).set({ privacy: 'followers' }).where(eq(posts.id, open.id));
    expect(await items(cy)).toEqual([]);
    expect((await page(cy)).unreadCount).toBe(0);
  });

  it('a deleted post takes its items with it', async () => {
    const [author, ana] = await Promise.all([member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    await like(ana, post.id);
    await request(t.app).delete(`/api/posts/${post.id}`).set('Cookie', author.cookie).expect(200);
    const rows = await t.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, author.user.id));
    expect(rows).toEqual([]);
  });
});

describe('preferences', () => {
  it('GET has the defaults; PUT saves and answers them; bad input is a 400', async () => {
    const viewer = await member();
    const res = await request(t.app)
      .get('/api/users/me/notification-settings')
      .set('Cookie', viewer.cookie)
      .expect(200);
    expect(res.body.settings).toMatchObject({
      onlyFromFollowing: false,
      notFromNewAccounts: false,
      emailDigest: 'off',
    });
    expect(Object.values(res.body.settings.types as Record<string, boolean>)).not.toContain(false);

    const saved = await saveSettings(viewer, { emailDigest: 'daily', onlyFromFollowing: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Notification settings saved',
      settings: { emailDigest: 'daily', onlyFromFollowing: true },
    });
    const bad = await saveSettings(viewer, { emailDigest: 'weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await request(t.app).get('/api/users/me/notification-settings').expect(401);
  });

  it('a type turned off is not made', async () => {
    const [author, ana] = await Promise.all([member(), member()]);
    await saveSettings(author, {
      types: { ...ALL_TYPES_ON, follow: false },
    }).expect(200);
    await follow(ana, author);
    const post = await buildPost(t.context, author.user.id);
    await like(ana, post.id);
    expect((await items(author)).map((item) => item.type)).toEqual(['like']);
  });

  it('"only from people I follow" lets only followed members through', async () => {
    const [author, followed, stranger] = await Promise.all([member(), member(), member()]);
    await saveSettings(author, { onlyFromFollowing: true }).expect(200);
    await buildFollow(t.context, author.user.id, followed.user.id);
    const post = await buildPost(t.context, author.user.id);
    await like(stranger, post.id);
    await like(followed, post.id);
    const list = await items(author);
    expect(list.map((item) => item.actors.map((actor) => actor._id))).toEqual([[followed.user.id]]);
  });

  it('"not from new accounts" ignores accounts younger than 7 days', async () => {
    const author = await member();
    const [young, old] = await Promise.all([member(6), member(8)]);
    await saveSettings(author, { notFromNewAccounts: true }).expect(200);
    await follow(young, author);
    await follow(old, author);
    const list = await items(author);
    expect(list.map((item) => item.actors[0]?._id)).toEqual([old.user.id]);
  });
});

describe('security events', () => {
  it('a password change tells the member', async () => {
    const viewer = await member();
    await request(t.app)
      .post('/api/users/me/password')
      .set('Cookie', viewer.cookie)
      .send({ currentPassword: 'secret123', newPassword: 'a-much-longer-new-password-42' })
      .expect(200);
    const list = await items(viewer);
    expect(list.map((item) => [item.type, item.actors, item.actorCount])).toEqual([
      ['password_changed', [], 0],
    ]);
  });

  it("sign-in's front door makes a new sign-in item, each time", async () => {
    const viewer = await member();
    await notifyNewSignIn(t.context, viewer.user.id);
    tick();
    await notifyNewSignIn(t.context, viewer.user.id);
    expect((await items(viewer)).map((item) => item.type)).toEqual(['new_sign_in', 'new_sign_in']);
    expect(await unreadCountOf(t.context, viewer.user.id)).toBe(2);
  });
});

describe('read state', () => {
  it('marks the given ids read, then all; the count follows', async () => {
    const author = await member();
    const actors = await Promise.all([1, 2, 3].map(() => member()));
    for (const actor of actors) {
      tick();
      await follow(actor, author);
    }
    const list = await items(author);
    expect(list).toHaveLength(3);
    const other = await member();

    const res = await request(t.app)
      .post('/api/notifications/read')
      .set('Cookie', author.cookie)
      .send({ ids: [list[0]!._id] })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Notifications marked as read',
      unreadCount: 2,
    });
    // Someone else's ids change nothing.
    await request(t.app)
      .post('/api/notifications/read')
      .set('Cookie', other.cookie)
      .send({ ids: [list[1]!._id] })
      .expect(200);
    const after = await page(author);
    expect(after.unreadCount).toBe(2);
    expect(after.notifications.map((item) => item.readAt !== null)).toEqual([true, false, false]);

    await request(t.app)
      .post('/api/notifications/read')
      .set('Cookie', author.cookie)
      .send({ all: true })
      .expect(200);
    expect((await page(author)).unreadCount).toBe(0);
  });

  it('refuses a body that is neither ids nor all', async () => {
    const viewer = await member();
    for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }]) {
      const res = await request(t.app)
        .post('/api/notifications/read')
        .set('Cookie', viewer.cookie)
        .send(body);
      expect(res.status).toBe(400);
    }
  });
});

describe('paging', () => {
  it('newest first; items added between pages neither repeat nor push others out', async () => {
    const author = await member();
    const actors = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
    for (const actor of actors) {
      tick();
      await follow(actor, author);
    }
    const first = await page(author, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.notifications[0]!.actors[0]!._id).toBe(actors[4]!.user.id);

    // New items arrive meanwhile, one with the very same time as an item already shown.
    const late = await Promise.all([member(), member()]);
    await follow(late[0]!, author);
    tick();
    await follow(late[1]!, author);

    const seen = [...first.notifications];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(author, `?limit=2&cursor=${cursor}`);
      seen.push(...next.notifications);
      cursor = next.nextCursor;
    }
    const ids = seen.map((item) => item.actors[0]!._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 5)).toEqual(actors.map((actor) => actor.user.id).reverse());
  });

  it('refuses a cursor it did not issue and a limit above 50', async () => {
    const viewer = await member();
    await request(t.app)
      .get('/api/notifications?cursor=bogus')
      .set('Cookie', viewer.cookie)
      .expect(400);
    await request(t.app)
      .get('/api/notifications?limit=51')
      .set('Cookie', viewer.cookie)
      .expect(400);
  });
});

describe('live', () => {
  it('puts only the id of the new item on the bus; the stream sends the item and the unread count as the recipient sees them; a stream resumes after an id', async () => {
    const [author, ana, bo] = await Promise.all([member(), member(), member()]);
    const heard: LiveEvent[] = [];
    const stop = t.context.liveEvents.subscribe(author.user.id, (event) => heard.push(event));
    try {
      const post = await buildPost(t.context, author.user.id);
      await like(ana, post.id);
      await waitFor(() => heard.length >= 1);
      const [changed] = heard;
      expect(changed!.event).toBe(NOTIFICATIONS_CHANGED_EVENT);
      const { notificationId } = changed!.data as { notificationId: string };
      expect(JSON.stringify(changed!.data)).not.toContain(ana.user.id);

      const sent = await changedNotificationEvents(t.context, author.user.id, changed!.data);
      expect(sent.map((event) => event.event)).toEqual(['notification', 'unread']);
      expect(sent[0]!.data).toMatchObject({ _id: notificationId, type: 'like', actorCount: 1 });
      expect(sent[1]!.data).toEqual({ unreadCount: 1 });
      const firstId = sent[0]!.id!;

      // A viewer who may no longer see the item gets only the count.
      const other = await member();
      expect(
        (await changedNotificationEvents(t.context, other.user.id, changed!.data)).map(
          (event) => event.event,
        ),
      ).toEqual(['unread']);

      tick();
      await follow(bo, author);
      const missed = await listNotificationsAfter(t.context, author.user.id, firstId);
      expect(missed.map((entry) => entry.item.type)).toEqual(['follow']);
      expect(await listNotificationsAfter(t.context, author.user.id, 'garbage')).toEqual([]);
    } finally {
      stop();
    }
  });

  it('tells the stream when an item goes (an unlike), with the count and no item', async () => {
    const [author, ana] = await Promise.all([member(), member()]);
    const post = await buildPost(t.context, author.user.id);
    const heard: LiveEvent[] = [];
    const stop = t.context.liveEvents.subscribe(author.user.id, (event) => heard.push(event));
    try {
      // The like's own event travels asynchronously (NOTIFY on a server): it is heard before the
      // unlike, or it could arrive after the unlike's.
      await like(ana, post.id);
      await waitFor(() => heard.length >= 1);
      expect(heard[0]!.data).toMatchObject({ notificationId: expect.any(String) });
      heard.length = 0;

      await like(ana, post.id);
      await waitFor(() => heard.length >= 1);
      expect(heard[0]!.data).toEqual({ notificationId: null });
      const sent = await changedNotificationEvents(t.context, author.user.id, heard[0]!.data);
      expect(sent).toEqual([{ event: 'unread', data: { unreadCount: 0 } }]);
    } finally {
      stop();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
