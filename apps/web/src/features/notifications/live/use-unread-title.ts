import { useEffect } from 'react';

const COUNT_PREFIX = /^\(\d+\+?\) /;

/** The title with the count in front ("(3) Kindred"), or without one at 0. */
export function titleWithCount(title: string, unreadCount: number): string {
  const base = title.replace(COUNT_PREFIX, '');
  return unreadCount > 0 ? `(${unreadCount > 99 ? '99+' : unreadCount}) ${base}` : base;
}

/**
 * Shows the unread count in the browser tab's title, e.g. "(3) Kindred". Pages set their own
 * titles (a profile's name); the count is put back in front whenever one does.
 */
export function useUnreadTitle(unreadCount: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, unreadCount);
      if (next !== document.title) document.title = next;
    };
    apply();
    const element = document.querySelector('title');
    const observer =
      element && typeof MutationObserver !== 'undefined' ? new MutationObserver(apply) : undefined;
    observer?.observe(element!, { childList: true, characterData: true, subtree: true });
    return () => {
      observer?.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [unreadCount]);
}
