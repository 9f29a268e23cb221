import type { PostPage } from '@kindred/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import { feedPageRequest } from './feed-request';
import { postKeys, type FeedSource } from './query-keys';

/** One page of a feed (./feed-request.ts says where each is read). */
export function fetchFeedPage(
  source: FeedSource,
  viewerId: string | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  const { path, query } = feedPageRequest(source, viewerId, cursor);
  return api.get<PostPage>(path, { query, signal });
}

/** A feed as pages loaded on demand (infinite scroll); the next page starts at `nextCursor`. */
export function usePostFeed(source: FeedSource) {
  return useInfiniteQuery({
    queryKey: postKeys.feed(source),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(source, getStoredUserId(), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
