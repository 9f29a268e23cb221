import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relative times', () => {
  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5m ago'],
    [3 * 3_600_000, '3h ago'],
    [2 * 86_400_000, '2d ago'],
  ])('%i ms ago reads "%s"', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('shows the date after a week, with the year when it differs', () => {
    expect(formatRelativeTime('2026-03-05T12:00:00Z', now)).toBe('Mar 5');
    expect(formatRelativeTime('2024-03-05T12:00:00Z', now)).toBe('Mar 5, 2024');
  });

  it('reads a time slightly in the future as "just now"', () => {
    expect(formatRelativeTime(new Date(now + 5_000).toISOString(), now)).toBe('just now');
  });
});
