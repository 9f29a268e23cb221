import { feedPageRequest } from '../features/posts/api/feed-request';
import { firstFeedPicture, POST_IMAGE_SIZES } from '../features/posts/lib/post-image';
import { prefetchGet } from '../lib/api-client';
import { imageSources } from '../lib/media-sources';
import { paths } from '../lib/paths';
import { getStoredUserId } from '../lib/storage';

/**
 * The data a page opened from the address bar needs first, asked for as the app starts rather than
 * once the page's code has loaded, which is a round trip or more later (on a phone, hundreds of
 * milliseconds): the feed's first page, whose first picture is the page's largest paint. The page
 * takes the answer when it asks for the same URL (lib/api-client.ts, `prefetchGet`). And as soon as
 * that page arrives, its first picture, with the card's own srcset and sizes so the browser picks
 * the same copy the card will show: otherwise it is requested only once the feed's code has loaded
 * and rendered, which on a phone was most of the time to the largest paint.
 */
export function requestPageDataEarly({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  const viewerId = getStoredUserId();
  if (!viewerId) return;
  // The feed's General tab (its default; `?tab=…` opens another list).
  if (pathname === paths.feed() && !new URLSearchParams(search).has('tab')) {
    const { path, query } = feedPageRequest({ kind: 'general' }, viewerId, null);
    void prefetchGet(path, query).then((page) => {
      const picture = firstFeedPicture(page);
      if (picture) preloadImage(picture.url, picture.width);
    });
  }
}

function preloadImage(url: string, width: number | null): void {
  const { src, srcSet, sizes } = imageSources(url, POST_IMAGE_SIZES, width);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  if (srcSet && sizes) {
    link.imageSrcset = srcSet;
    link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
