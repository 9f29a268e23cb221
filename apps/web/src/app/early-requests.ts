import { feedPageRequest } from '../features/posts/api/feed-request';
import { prefetchGet } from '../lib/api-client';
import { paths } from '../lib/paths';
import { getStoredUserId } from '../lib/storage';

/**
 * The data a page opened from the address bar needs first, asked for as the app starts rather than
 * once the page's code has loaded, which is a round trip or more later (on a phone, hundreds of
 * milliseconds): the feed's first page, whose first picture is the page's largest paint. The page
 * takes the answer when it asks for the same URL (lib/api-client.ts, `prefetchGet`).
 */
export function requestPageDataEarly({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  const viewerId = getStoredUserId();
  if (!viewerId) return;
  // The feed's General tab (its default; `?tab=…` opens another list).
  if (pathname === paths.feed() && !new URLSearchParams(search).has('tab')) {
    const { path, query } = feedPageRequest({ kind: 'general' }, viewerId, null);
    prefetchGet(path, query);
  }
}
