import { useSyncExternalStore } from 'react';
import { formatFullTime, formatRelativeTime } from '../lib/relative-time';

/**
 * One shared clock for every "5m ago" on the page: it ticks each 30 s while anything shows a
 * time, so the labels stay true without a timer per card.
 */
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getNow = () => now;

export function RelativeTime({ iso }: { iso: string }) {
  const current = useSyncExternalStore(subscribe, getNow, getNow);
  return (
    <time className="relative-time" dateTime={iso} title={formatFullTime(iso)}>
      {formatRelativeTime(iso, current)}
    </time>
  );
}
