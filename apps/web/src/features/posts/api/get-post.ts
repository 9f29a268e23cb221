import type { PostPage, PostResponse } from '@kindred/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './query-keys';

/**
 * GET /api/posts/{postId} — one post the member may see (404 otherwise). Cached as a feed of one
 * (see postKeys.single), so the card's like, edit and delete update it like any feed; once deleted
 * it is gone from the cache and the hook gives null.
 */
export function usePost(postId: string) {
  return useInfiniteQuery({
    queryKey: postKeys.single(postId),
    queryFn: async ({ signal }): Promise<PostPage> => {
      const { post } = await api.get<PostResponse>(`/posts/${encodeURIComponent(postId)}`, {
        signal,
      });
      return { success: true, posts: [post], nextCursor: null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
    select: (data) => data.pages[0]?.posts[0] ?? null,
  });
}
