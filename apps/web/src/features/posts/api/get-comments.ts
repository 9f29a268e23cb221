import type { CommentsResponse } from '@kindred/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { countVisibleComments } from '../lib/comment-tree';
import { updatePostInFeeds } from './feed-cache';
import { postKeys } from './query-keys';

/**
 * GET /api/posts/{postId}/comments — the whole thread, nested. The thread is the truth about how
 * many comments the post has, so each answer also corrects the post's count in the cached feeds
 * (after adding or deleting a comment, or when others commented meanwhile).
 */
export async function fetchComments(
  queryClient: QueryClient,
  postId: string,
  signal?: AbortSignal,
): Promise<CommentsResponse> {
  const response = await api.get<CommentsResponse>(
    `/posts/${encodeURIComponent(postId)}/comments`,
    { signal },
  );
  const count = countVisibleComments(response.comments);
  updatePostInFeeds(queryClient, postId, (post) =>
    post.commentsCount === count ? post : { ...post, commentsCount: count },
  );
  return response;
}

export function useComments(postId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ signal }) => fetchComments(queryClient, postId, signal),
    enabled,
    select: (response) => response.comments,
  });
}
