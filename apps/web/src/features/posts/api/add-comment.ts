import type { CreateCommentResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import { postKeys } from './query-keys';

export interface NewComment {
  content: string;
  /** The comment answered, for a reply. */
  parentCommentId?: string | null;
}

/** POST /api/posts/{postId}/comments — a comment, or a reply with parentCommentId. */
export function addComment(postId: string, input: NewComment): Promise<CreateCommentResponse> {
  return api.post<CreateCommentResponse>(`/posts/${encodeURIComponent(postId)}/comments`, {
    userId: getStoredUserId() ?? undefined,
    content: input.content,
    parentCommentId: input.parentCommentId ?? null,
  });
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewComment) => addComment(postId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) }),
  });
}
