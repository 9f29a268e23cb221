const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "12 Mar 2026": the day of a match, a like or a visit, in the member's own calendar. */
export function formatDay(iso: string): string {
  return DAY.format(new Date(iso));
}
