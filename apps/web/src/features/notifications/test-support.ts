import type { NotificationItem } from '@kindred/contracts';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Test helpers for notifications: item builders, and a fake EventSource standing in for the
 * browser's (jsdom has none) so a test can open the live stream and push events down it.
 */

export const MEMBER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
export const ANA_ID = 'a1b2c3d4-0000-4000-8000-0000000000aa';
export const POST_ID = '44444444-4444-4444-8444-444444444444';
export const COMMENT_ID = '55555555-5555-4555-8555-000000000777';

let counter = 0;
export function buildNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  counter += 1;
  return {
    _id: `99999999-9999-4999-8999-${String(counter).padStart(12, '0')}`,
    type: 'comment',
    actors: [{ _id: ANA_ID, firstName: 'Ana', lastName: 'Lima', profilePicture: null }],
    actorCount: 1,
    post: { _id: POST_ID, excerpt: 'Sunset at the lake' },
    comment: { _id: COMMENT_ID, excerpt: 'Lovely!' },
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

type Listener = (event: MessageEvent | Event) => void;

/** The browser's EventSource, faked: records what was opened, and lets the test play the server. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(name: string, listener: Listener): void {
    const named = this.listeners.get(name) ?? new Set();
    named.add(listener);
    this.listeners.set(name, named);
  }

  removeEventListener(name: string, listener: Listener): void {
    this.listeners.get(name)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  private fire(name: string, event: MessageEvent | Event): void {
    act(() => {
      for (const listener of this.listeners.get(name) ?? []) listener(event);
    });
  }

  /** The server accepted the stream. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.fire('open', new Event('open'));
  }

  /** The server sent `event: <name>` with this data (as JSON). */
  emit(name: string, data: unknown): void {
    this.fire(name, new MessageEvent(name, { data: JSON.stringify(data) }));
  }

  /** The stream failed; `givenUp` when the browser will not reconnect by itself (CLOSED). */
  fail(givenUp: boolean): void {
    this.readyState = givenUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.fire('error', new Event('error'));
  }
}

/** Installs the fake EventSource for one test (setup.ts unstubs globals after each test). */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The streams opened and not closed. */
export function openStreams(): FakeEventSource[] {
  return FakeEventSource.instances.filter((source) => !source.closed);
}
