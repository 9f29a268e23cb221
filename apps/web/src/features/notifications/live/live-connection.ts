import { useEffect, useRef } from 'react';
import { apiUrl } from '../../../lib/api-client';

/**
 * The app's one live connection: a single EventSource on GET /api/notifications/stream for the
 * signed-in member, shared by every feature that wants server pushes. The stream names each event
 * (`notification`, `unread`, later `message`…); features subscribe by that name with
 * `useLiveEvent`, and this module dispatches each event's parsed JSON to the listeners of its name.
 *
 * The browser reconnects a dropped stream by itself (sending Last-Event-ID, so nothing is missed).
 * When it gives up instead (the server answered an error, e.g. during a deploy), the connection is
 * opened again after a growing pause; a stream opened that way starts afresh, so the listeners of
 * `LIVE_RECONNECTED` refetch what they show.
 */

export const LIVE_STREAM_PATH = '/notifications/stream';
/** Dispatched (without data) when a new stream replaced one that was lost: refetch, events may be missed. */
export const LIVE_RECONNECTED = 'live:reconnected';
/**
 * Dispatched (without data) each time a stream opens, the first included: what a feature reads
 * from then on is kept current by the stream's events (see `isLiveConnectionOpen` for a listener
 * that arrives after the stream opened).
 */
export const LIVE_OPENED = 'live:opened';
const LOCAL_EVENTS = new Set([LIVE_RECONNECTED, LIVE_OPENED]);
/** Pauses before opening the stream again after the browser gave up: 1 s, 2 s, 4 s … up to 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

type LiveListener = (data: unknown) => void;

const listeners = new Map<string, Set<LiveListener>>();
/** Names for which the current EventSource already dispatches to `listeners`. */
const wired = new Set<string>();
let source: EventSource | null = null;
let users = 0;
let failures = 0;
let openedBefore = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function dispatch(name: string, data: unknown): void {
  for (const listener of [...(listeners.get(name) ?? [])]) listener(data);
}

function parse(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function wire(name: string): void {
  if (!source || wired.has(name) || LOCAL_EVENTS.has(name)) return;
  wired.add(name);
  source.addEventListener(name, (event) => dispatch(name, parse((event as MessageEvent).data)));
}

function connect(): void {
  if (typeof EventSource === 'undefined' || source) return;
  const current = new EventSource(apiUrl(LIVE_STREAM_PATH), { withCredentials: true });
  source = current;
  wired.clear();
  for (const name of listeners.keys()) wire(name);
  current.addEventListener('open', () => {
    failures = 0;
    if (openedBefore) dispatch(LIVE_RECONNECTED, undefined);
    openedBefore = true;
    dispatch(LIVE_OPENED, undefined);
  });
  current.addEventListener('error', () => {
    // CONNECTING: the browser is already retrying by itself. CLOSED: it gave up, so we retry.
    if (current.readyState !== EventSource.CLOSED || source !== current) return;
    current.close();
    source = null;
    const pause = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (users > 0) connect();
    }, pause);
  });
}

function disconnect(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  wired.clear();
  failures = 0;
  openedBefore = false;
}

/**
 * Opens the live connection (once, however many callers) and returns the function that lets it go;
 * the last one to let go closes it (leaving the member area, signing out).
 */
export function openLiveConnection(): () => void {
  users += 1;
  connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) disconnect();
  };
}

/** Closes the connection now, whoever holds it (signing out: the session it belongs to ends). */
export function closeLiveConnection(): void {
  users = 0;
  disconnect();
}

/** Whether a stream is open now (a `LIVE_OPENED` listener that arrives later has missed it). */
export function isLiveConnectionOpen(): boolean {
  return source !== null && source.readyState === EventSource.OPEN;
}

/** Calls `listener` with each `name` event's data; returns the unsubscribe. */
export function onLiveEvent(name: string, listener: LiveListener): () => void {
  let named = listeners.get(name);
  if (!named) {
    named = new Set();
    listeners.set(name, named);
  }
  named.add(listener);
  wire(name);
  return () => {
    named.delete(listener);
  };
}

/** Keeps the live connection open while the calling component is mounted (the member area). */
export function useLiveConnection(): void {
  useEffect(() => openLiveConnection(), []);
}

/** Calls the latest `listener` with each `name` event's data while the component is mounted. */
export function useLiveEvent(name: string, listener: LiveListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onLiveEvent(name, (data) => latest.current(data)), [name]);
}
