import { useEffect, useRef } from 'react';

/** Start loading the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN = '600px 0px';

/** What the hook needs of an infinite query (TanStack Query's `useInfiniteQuery` result). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Loads a list's next page as the end of the list scrolls into view: put the returned ref on an
 * element after the last item. A failed page is not retried by scrolling (the list's "Load more"
 * button, which keyboards and browsers without IntersectionObserver use, tries again).
 */
export function useNextPageOnScroll({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
}: PagedList) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return sentinelRef;
}
