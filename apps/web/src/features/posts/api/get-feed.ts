import type { PostPage } from '@kindred/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import { postKeys, type FeedSource } from './query-keys';

/**
 * One page of a feed (newest first), from the API's keyset cursor:
 * - General:           GET /api/posts?userId={viewer}
 * - People You Follow: GET /api/posts/following/{viewer}
 * - a member's posts:  GET /api/posts/user/{author}
 */
export function fetchFeedPage(
  source: FeedSource,
  viewerId: string | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  const query = { cursor: cursor ?? undefined };
  switch (source.kind) {
    case 'general':
      return api.get<PostPage>('/posts', { query: { ...query, userId: viewerId }, signal });
    case 'following':
      return api.get<PostPage>(`/posts/following/${encodeURIComponent(viewerId ?? '')}`, {
        query,
        signal,
      });
    case 'user':
      return api.get<PostPage>(`/posts/user/${encodeURIComponent(source.userId)}`, {
        query,
        signal,
      });
  }
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
