import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removePostFromFeeds } from './feed-cache';
import { postKeys } from './query-keys';

/** DELETE /api/posts/{postId} (the author only; the API checks). */
export function deletePost(postId: string): Promise<{ success: true; message: string }> {
  return api.delete(`/posts/${encodeURIComponent(postId)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_result, postId) => {
      removePostFromFeeds(queryClient, postId);
      queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}
