import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource, openStreams } from '../test-support';
import {
  closeLiveConnection,
  isLiveConnectionOpen,
  LIVE_OPENED,
  LIVE_RECONNECTED,
  onLiveEvent,
  openLiveConnection,
  RECONNECT_BASE_MS,
  useLiveConnection,
  useLiveEvent,
} from './live-connection';

/** The app's one live connection: shared, dispatching by event name, reconnecting, closing. */

afterEach(() => closeLiveConnection());

function Listener({ name, onEvent }: { name: string; onEvent: (data: unknown) => void }) {
  useLiveEvent(name, onEvent);
  return null;
}

function Member({ onEvent }: { onEvent: (data: unknown) => void }) {
  useLiveConnection();
  return <Listener name="notification" onEvent={onEvent} />;
}

describe('the live connection', () => {
  it('opens one stream however many hold it, and closes it when the last lets go', () => {
    installFakeEventSource();
    const first = openLiveConnection();
    const second = openLiveConnection();
    expect(openStreams()).toHaveLength(1);
    expect(openStreams()[0]!.url).toBe('/api/notifications/stream');
    expect(openStreams()[0]!.init).toEqual({ withCredentials: true });
    first();
    first(); // letting go twice counts once
    expect(openStreams()).toHaveLength(1);
    second();
    expect(openStreams()).toHaveLength(0);
  });

  it('gives each event’s parsed data to the listeners of its name only', () => {
    installFakeEventSource();
    const notifications = vi.fn();
    const messages = vi.fn();
    const view = render(
      <>
        <Member onEvent={notifications} />
        <Listener name="message" onEvent={messages} />
      </>,
    );
    const [stream] = openStreams();
    stream!.emit('notification', { _id: 'n1' });
    stream!.emit('message', { text: 'hi' });
    expect(notifications).toHaveBeenCalledExactlyOnceWith({ _id: 'n1' });
    expect(messages).toHaveBeenCalledExactlyOnceWith({ text: 'hi' });

    // Signing out unmounts the member area: the stream closes and nothing more is heard.
    view.unmount();
    expect(stream!.closed).toBe(true);
  });

  it('leaves a dropped stream to the browser, and reopens one it gave up on after a growing pause', () => {
    vi.useFakeTimers();
    installFakeEventSource();
    const reconnected = vi.fn();
    const stop = onLiveEvent(LIVE_RECONNECTED, reconnected);
    const release = openLiveConnection();
    const [first] = openStreams();
    first!.open();

    // CONNECTING: the browser retries by itself (with Last-Event-ID); nothing to do here.
    first!.fail(false);
    vi.advanceTimersByTime(60_000);
    expect(openStreams()).toEqual([first]);

    // CLOSED: it gave up (e.g. the server answered 502): a new stream after 1 s, then 2 s.
    first!.fail(true);
    vi.advanceTimersByTime(RECONNECT_BASE_MS - 1);
    expect(openStreams()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const [second] = openStreams();
    expect(second).toBeDefined();
    second!.fail(true);
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(openStreams()).toHaveLength(0);
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    const [third] = openStreams();
    expect(third).toBeDefined();

    // Once open, listeners are told to read again what they show (events may have been missed).
    expect(reconnected).not.toHaveBeenCalled();
    third!.open();
    expect(reconnected).toHaveBeenCalledTimes(1);

    // Released while waiting to reconnect: no new stream.
    third!.fail(true);
    release();
    vi.advanceTimersByTime(60_000);
    expect(openStreams()).toHaveLength(0);
    stop();
  });

  it('tells listeners each time a stream opens, the first included, and says whether one is open', () => {
    vi.useFakeTimers();
    installFakeEventSource();
    const opened = vi.fn();
    const stop = onLiveEvent(LIVE_OPENED, opened);
    const release = openLiveConnection();
    const [first] = openStreams();
    expect(isLiveConnectionOpen()).toBe(false);

    first!.open();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(isLiveConnectionOpen()).toBe(true);

    // Given up, then a new stream: told again (what was read before may be stale).
    first!.fail(true);
    expect(isLiveConnectionOpen()).toBe(false);
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    openStreams()[0]!.open();
    expect(opened).toHaveBeenCalledTimes(2);

    release();
    expect(isLiveConnectionOpen()).toBe(false);
    stop();
  });

  it('does nothing where the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    const release = openLiveConnection();
    expect(() => release()).not.toThrow();
  });
});
