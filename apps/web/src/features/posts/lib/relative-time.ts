const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const sameYearDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const otherYearDate = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' });

/**
 * A post or comment time as people say it: "just now", "5m ago", "3h ago", "2d ago", then the
 * date ("Mar 5", or "Mar 5, 2024" in another year). A time slightly in the future (clocks
 * differ) reads "just now".
 */
export function formatRelativeTime(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  const date = new Date(time);
  return (date.getFullYear() === new Date(now).getFullYear() ? sameYearDate : otherYearDate).format(
    date,
  );
}

/** The exact time, for a tooltip. */
export function formatFullTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : fullDate.format(new Date(time));
}
