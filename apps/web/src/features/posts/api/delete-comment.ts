import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './query-keys';

/** DELETE /api/posts/{postId}/comments/{commentId} (the comment's author only; the API checks). */
export function deleteComment(
  postId: string,
  commentId: string,
): Promise<{ success: true; message: string }> {
  return api.delete(
    `/posts/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`,
  );
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) }),
  });
}
