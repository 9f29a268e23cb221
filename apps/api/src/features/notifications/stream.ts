import type { AppContext } from '../../context.js';
import {
  CLOSED_EVENT,
  RESYNC_EVENT,
  SESSION_ENDED_EVENT,
  type LiveEvent,
  type SessionEndedData,
} from '../../platform/live-events.js';
import {
  changedNotificationEvents,
  listNotificationsAfter,
  NOTIFICATIONS_CHANGED_EVENT,
  unreadCountOf,
} from './service.js';

/**
 * The signed-in member's notification stream (Server-Sent Events): `notification` events (an item,
 * with its id to resume from) and `unread` events (the count), heard on `context.liveEvents` from
 * whichever API process made them. It resumes after `Last-Event-ID`, keeps proxies from closing it
 * with a heartbeat comment, and ends with its session.
 */

/** A comment line this often keeps idle proxies and load balancers from closing the stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream (sent as `retry:`). */
export const RECONNECT_DELAY_MS = 3_000;

/** The live events a client is sent; the bus's internal ones (session-ended, resync) are not. */
const CLIENT_EVENTS: ReadonlySet<string> = new Set(['notification', 'unread']);

/**
 * Turns a bus event's data into what this member is sent, just before sending: null sends
 * nothing. For events whose content must not travel on the bus (messages: the bus, and a spilled
 * NOTIFY payload's row, carry only ids; the stream loads the message as the member sees it).
 */
export type ClientEventPreparer = (
  context: AppContext,
  memberId: string,
  data: unknown,
) => Promise<unknown>;

const preparers = new Map<string, ClientEventPreparer>();

/** Another feature's client event (`message`), prepared per member by `preparer` if given. */
export function registerClientEvent(name: string, preparer?: ClientEventPreparer): void {
  preparers.set(name, preparer ?? ((_context, _memberId, data) => Promise.resolve(data)));
}

/** Where the stream writes: the HTTP response, in the routes. */
export interface StreamSink {
  write(chunk: string): void;
  /** Ends the response; the stream calls it once. */
  end(): void;
}

/** Injectable so tests can beat the heartbeat without waiting 25 seconds. */
export interface StreamTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const systemTimers: StreamTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface NotificationStreamOptions {
  memberId: string;
  /** The session's cookie secret (req.sessionID): the stream checks it is still alive. */
  sid: string;
  /** The `Last-Event-ID` header (or query), when the client is resuming. */
  lastEventId: string | undefined;
  sink: StreamSink;
  timers?: StreamTimers;
  heartbeatMs?: number;
}

export interface NotificationStream {
  /** Stops listening and ends the response (the client went away, or the session ended). */
  close(): void;
  /** Resolves once the stream has ended, whoever ended it. */
  readonly ended: Promise<void>;
}

/** One SSE event: data is JSON on one line, so it needs no `data:` continuation lines. */
export function formatServerSentEvent(event: { event: string; id?: string; data: unknown }) {
  const id = event.id === undefined ? '' : `id: ${event.id.replace(/[\r\n]/g, '')}\n`;
  return `event: ${event.event}\n${id}data: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Starts a member's stream. Undefined when the session is already gone (the caller answers 401).
 * Live events are heard from the start and held while the missed items are replayed, then sent
 * after them (an item replayed is not sent twice).
 */
export async function openNotificationStream(
  context: AppContext,
  options: NotificationStreamOptions,
): Promise<NotificationStream | undefined> {
  const { memberId, sid, sink } = options;
  const timers = options.timers ?? systemTimers;
  const sessionPublicId = await context.sessionStore.publicIdOf(sid);
  if (!sessionPublicId) return undefined;

  let open = true;
  let replaying = true;
  let held: LiveEvent[] = [];
  /** The newest notification id sent: a resync replays from here. */
  let lastSentId = options.lastEventId;
  /** The items the last catch-up replayed: a change heard meanwhile does not send one again. */
  let replayed = new Set<string>();
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));

  const send = (event: LiveEvent) => {
    if (!open) return;
    sink.write(formatServerSentEvent(event));
    if (event.event === 'notification' && event.id !== undefined) lastSentId = event.id;
  };

  /** Prepared events go out in the order they came, after their data is loaded. */
  let preparing = Promise.resolve();
  const deliver = (event: LiveEvent) => {
    if (event.event === NOTIFICATIONS_CHANGED_EVENT) {
      preparing = preparing
        .then(async () => {
          for (const ready of await changedNotificationEvents(context, memberId, event.data)) {
            if (ready.event === 'notification' && ready.id !== undefined && replayed.has(ready.id))
              continue;
            send(ready);
          }
        })
        .catch((error: unknown) => {
          context.logger.error(
            { err: error, event: event.event },
            'live event could not be prepared',
          );
        });
      return;
    }
    const preparer = preparers.get(event.event);
    if (!preparer) return send(event);
    preparing = preparing
      .then(async () => {
        const data = await preparer(context, memberId, event.data);
        if (data !== null && data !== undefined) send({ event: event.event, data });
      })
      .catch((error: unknown) => {
        context.logger.error(
          { err: error, event: event.event },
          'live event could not be prepared',
        );
      });
  };

  const close = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    timers.clearInterval(heartbeat);
    sink.end();
    resolveEnded();
  };

  /** Items missed since `lastSentId` and the count now; live events wait meanwhile. */
  const catchUp = async () => {
    replaying = true;
    try {
      replayed = new Set<string>();
      if (lastSentId !== undefined) {
        for (const { id, item } of await listNotificationsAfter(context, memberId, lastSentId)) {
          send({ event: 'notification', id, data: item });
          replayed.add(id);
        }
      }
      const unreadCount = await unreadCountOf(context, memberId);
      send({ event: 'unread', data: { unreadCount } });
      const waiting = held;
      held = [];
      for (const event of waiting) {
        if (event.event === 'notification' && event.id !== undefined && replayed.has(event.id)) {
          continue;
        }
        deliver(event);
      }
    } finally {
      replaying = false;
    }
  };

  const onLiveEvent = (event: LiveEvent) => {
    if (!open) return;
    if (event.event === CLOSED_EVENT) return close();
    if (event.event === SESSION_ENDED_EVENT) {
      if ((event.data as SessionEndedData | null)?.sessionPublicId === sessionPublicId) close();
      return;
    }
    if (event.event === RESYNC_EVENT) {
      if (!replaying) void catchUp().catch(fail);
      return;
    }
    if (
      !CLIENT_EVENTS.has(event.event) &&
      event.event !== NOTIFICATIONS_CHANGED_EVENT &&
      !preparers.has(event.event)
    )
      return;
    if (replaying) held.push(event);
    else deliver(event);
  };

  const fail = (error: unknown) => {
    context.logger.error({ err: error }, 'notification stream failed; ending it');
    close();
  };

  const unsubscribe = context.liveEvents.subscribe(memberId, onLiveEvent);
  const heartbeat = timers.setInterval(() => {
    if (!open) return;
    sink.write(': heartbeat\n\n');
    // A session that ended without word reaching this process (expiry, a missed event) ends here.
    context.sessionStore.publicIdOf(sid).then((current) => {
      if (current !== sessionPublicId) close();
    }, fail);
  }, options.heartbeatMs ?? HEARTBEAT_MS);

  sink.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
  try {
    await catchUp();
  } catch (error) {
    fail(error);
  }
  return { close, ended };
}
