import type { NotificationItem } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { sessionCookieFor, signedInUser, type UserRow } from '../../test/factories.js';
import { buildPost } from '../posts/test-factories.js';
import {
  createInProcessLiveEvents,
  RESYNC_EVENT,
  type LiveEvents,
} from '../../platform/live-events.js';
import { createLogger } from '../../platform/logger.js';
import { openNotificationStream, type StreamTimers } from './stream.js';
import {
  listenOnFreePort,
  openEventStream,
  settlesWithin,
  type EventStreamClient,
  type ReceivedEvent,
} from './test-sse-client.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let server: { url: string; close(): Promise<void> };
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.close();
  await t.close();
});

interface Member {
  user: UserRow;
  cookie: string;
}

const member = (): Promise<Member> =>
  signedInUser(t.context, { createdAt: new Date(t.clock.now().getTime() - 30 * DAY) });

async function connect(who: { cookie: string }, lastEventId?: string) {
  const stream = await openEventStream(`${server.url}/api/notifications/stream`, {
    cookie: who.cookie,
    ...(lastEventId ? { lastEventId } : {}),
    acceptEncoding: 'gzip, deflate, br',
  });
  streams.push(stream);
  return stream;
}

const like = (actor: Member, postId: string) =>
  request(t.app).post('/api/posts/like').set('Cookie', actor.cookie).send({ postId }).expect(200);

const isNotification = (event: ReceivedEvent) => event.event === 'notification';
const unreadIs = (count: number) => (event: ReceivedEvent) =>
  event.event === 'unread' && (event.data as { unreadCount: number }).unreadCount === count;

describe('GET /api/notifications/stream', () => {
  it('refuses a visitor who is not signed in, with the usual JSON error', async () => {
    const res = await request(t.app).get('/api/notifications/stream').expect(401);
    expect(res.body).toMatchObject({ success: false });
  });

  it('is an uncompressed, unbuffered event stream that starts with the unread count', async () => {
    const ana = await member();
    const stream = await connect(ana);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    // The client accepts gzip: an event stream must still not be compressed (it would be held).
    expect(stream.headers['content-encoding']).toBeUndefined();
    await stream.waitFor(unreadIs(0));
    stream.close();
  });

  it("sends a like by another member to the post's author as it happens: the item, then the count", async () => {
    const [ana, ben] = [await member(), await member()];
    const post = await buildPost(t.context, ana.user.id);
    const stream = await connect(ana);
    await stream.waitFor(unreadIs(0));
    await like(ben, post.id);
    const event = await stream.waitFor(isNotification);
    const item = event.data as NotificationItem;
    expect(item).toMatchObject({ type: 'like', actorCount: 1, post: { _id: post.id } });
    expect(item.actors.map((actor) => actor._id)).toEqual([ben.user.id]);
    expect(event.id).toEqual(expect.any(String));
    await stream.waitFor(unreadIs(1));
    // Ben's own stream heard nothing of it.
    const benStream = await connect(ben);
    await benStream.waitFor(unreadIs(0));
    expect(benStream.events.filter(isNotification)).toEqual([]);
    stream.close();
    benStream.close();
  });

  it('resumes after Last-Event-ID: only what came since is replayed, then the count', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    const [first, second] = [
      await buildPost(t.context, ana.user.id),
      await buildPost(t.context, ana.user.id),
    ];
    const stream = await connect(ana);
    await stream.waitFor(unreadIs(0));
    await like(ben, first.id);
    const seen = await stream.waitFor(isNotification);
    stream.close();
    await stream.ended;

    // While Ana is away (a dropped connection), Cleo likes her other post.
    t.clock.advance(1000);
    await like(cleo, second.id);

    const resumed = await connect(ana, seen.id);
    const replayed = await resumed.waitFor(isNotification);
    expect((replayed.data as NotificationItem).post?._id).toBe(second.id);
    await resumed.waitFor(unreadIs(2));
    expect(resumed.events.filter(isNotification)).toHaveLength(1);
    // An id this server never issued resumes nothing, and still starts the stream.
    const garbled = await connect(ana, 'not-an-event-id');
    await garbled.waitFor(unreadIs(2));
    expect(garbled.events.filter(isNotification)).toEqual([]);
    resumed.close();
    garbled.close();
  });

  it('ends when the member logs out', async () => {
    const ana = await member();
    const stream = await connect(ana);
    await stream.waitFor(unreadIs(0));
    await request(t.app).post('/api/users/logout').set('Cookie', ana.cookie).expect(200);
    expect(await settlesWithin(stream.ended, 1000)).toBe(true);
  });

  it('ends when the session is revoked from Settings → Sessions, and only that one', async () => {
    const ana = await member();
    const phone = { cookie: await sessionCookieFor(t.context, ana.user.id) };
    const phoneStream = await connect(phone);
    const laptopStream = await connect(ana);
    await phoneStream.waitFor(unreadIs(0));
    await laptopStream.waitFor(unreadIs(0));
    const listed = await request(t.app)
      .get('/api/users/me/sessions')
      .set('Cookie', ana.cookie)
      .expect(200);
    const other = (listed.body as { sessions: { _id: string; current: boolean }[] }).sessions.find(
      (session) => !session.current,
    );
    await request(t.app)
      .delete(`/api/users/me/sessions/${other!._id}`)
      .set('Cookie', ana.cookie)
      .expect(200);
    expect(await settlesWithin(phoneStream.ended, 1000)).toBe(true);
    expect(await settlesWithin(laptopStream.ended, 300)).toBe(false);
    laptopStream.close();
  });

  it('ends every stream of a member whose sessions all end (password reset, account disabled or suspended)', async () => {
    const ana = await member();
    const second = { cookie: await sessionCookieFor(t.context, ana.user.id) };
    const [one, two] = [await connect(ana), await connect(second)];
    await one.waitFor(unreadIs(0));
    await two.waitFor(unreadIs(0));
    // The one call every one of those paths makes.
    await t.context.sessionStore.destroyAllForUser(ana.user.id);
    expect(await settlesWithin(Promise.all([one.ended, two.ended]), 1000)).toBe(true);
  });

  it('cannot be reopened with an ended session', async () => {
    const ana = await member();
    await request(t.app).post('/api/users/logout').set('Cookie', ana.cookie).expect(200);
    await request(t.app).get('/api/notifications/stream').set('Cookie', ana.cookie).expect(401);
  });
});

describe('notification stream heartbeat', () => {
  /** Timers the test fires by hand. */
  function manualTimers() {
    const callbacks = new Map<number, () => void>();
    let next = 0;
    const timers: StreamTimers = {
      setInterval(callback) {
        next += 1;
        callbacks.set(next, callback);
        return next;
      },
      clearInterval(handle) {
        callbacks.delete(handle as number);
      },
    };
    return { timers, fire: () => callbacks.forEach((callback) => callback()), callbacks };
  }

  async function startStream() {
    const ana = await member();
    const [row] = await t.context.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.userId, ana.user.id));
    const written: string[] = [];
    let endedCount = 0;
    const clock = manualTimers();
    const stream = await openNotificationStream(t.context, {
      memberId: ana.user.id,
      sid: row!.sid,
      lastEventId: undefined,
      sink: { write: (chunk) => written.push(chunk), end: () => (endedCount += 1) },
      timers: clock.timers,
    });
    return { ana, sid: row!.sid, written, clock, stream: stream!, endedCount: () => endedCount };
  }

  it('writes a comment line on every beat and nothing else', async () => {
    const { written, clock, stream } = await startStream();
    const before = written.length;
    clock.fire();
    clock.fire();
    expect(written.slice(before)).toEqual([': heartbeat\n\n', ': heartbeat\n\n']);
    stream.close();
    expect(clock.callbacks.size).toBe(0);
  });

  it('ends on the next beat when the session vanished without word (expired, or deleted elsewhere)', async () => {
    const { sid, clock, stream, endedCount } = await startStream();
    // Behind the store's back: no session-ended event is published.
    await t.context.db.delete(sessions).where(eq(sessions.sid, sid));
    clock.fire();
    await settlesWithin(stream.ended, 1000);
    expect(endedCount()).toBe(1);
    expect(clock.callbacks.size).toBe(0);
  });
});

describe('notification stream after the bus lost events', () => {
  /** The in-process bus, with a switch that drops what is published (a carrier's outage). */
  const inner = createInProcessLiveEvents(createLogger('silent'));
  let dropping = false;
  const lossy: LiveEvents = {
    kind: inner.kind,
    publish: (memberId, event) => (dropping ? Promise.resolve() : inner.publish(memberId, event)),
    subscribe: (memberId, listener) => inner.subscribe(memberId, listener),
    close: () => inner.close(),
  };
  let lossyApp: TestApp;
  let lossyServer: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    lossyApp = await createTestApp({ liveEvents: lossy });
    lossyServer = await listenOnFreePort(lossyApp.app);
  });
  afterAll(async () => {
    await lossyServer.close();
    await lossyApp.close();
  });

  it('replays what it missed when the carrier says to resync', async () => {
    const month = new Date(lossyApp.clock.now().getTime() - 30 * DAY);
    const [ana, ben, cleo] = [
      await signedInUser(lossyApp.context, { createdAt: month }),
      await signedInUser(lossyApp.context, { createdAt: month }),
      await signedInUser(lossyApp.context, { createdAt: month }),
    ];
    const [first, second] = [
      await buildPost(lossyApp.context, ana.user.id),
      await buildPost(lossyApp.context, ana.user.id),
    ];
    const stream = await openEventStream(`${lossyServer.url}/api/notifications/stream`, {
      cookie: ana.cookie,
    });
    streams.push(stream);
    const likeThere = (actor: Member, postId: string) =>
      request(lossyApp.app)
        .post('/api/posts/like')
        .set('Cookie', actor.cookie)
        .send({ postId })
        .expect(200);
    await likeThere(ben, first.id);
    await stream.waitFor(unreadIs(1));

    dropping = true;
    lossyApp.clock.advance(1000);
    await likeThere(cleo, second.id);
    dropping = false;
    expect(stream.events.filter(isNotification)).toHaveLength(1);

    // What a carrier sends its subscribers once its connection is back.
    await inner.publish(ana.user.id, { event: RESYNC_EVENT, data: null });
    await stream.waitFor(unreadIs(2));
    const notifications = stream.events.filter(isNotification);
    expect(notifications.map((event) => (event.data as NotificationItem).post?._id)).toEqual([
      first.id,
      second.id,
    ]);
    stream.close();
  });
});
