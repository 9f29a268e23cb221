import type { CommentDto, CommentsResponse, UpdateCommentResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './query-keys';

/** PATCH /api/posts/{postId}/comments/{commentId} (the comment's author only; the API checks). */
export function editComment(
  postId: string,
  commentId: string,
  content: string,
): Promise<UpdateCommentResponse> {
  return api.patch<UpdateCommentResponse>(
    `/posts/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`,
    { content },
  );
}

/** The thread with one comment replaced by its edited version (its replies kept where they are). */
export function replaceComment(comments: readonly CommentDto[], edited: CommentDto): CommentDto[] {
  return comments.map((comment) =>
    comment._id === edited._id
      ? { ...edited, replies: comment.replies }
      : { ...comment, replies: replaceComment(comment.replies, edited) },
  );
}

/** Saves the new text and shows it (with its mentions and "edited") in the cached thread at once. */
export function useEditComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { commentId: string; content: string }) =>
      editComment(postId, input.commentId, input.content),
    onSuccess: (result) =>
      queryClient.setQueryData<CommentsResponse>(postKeys.comments(postId), (data) =>
        data ? { ...data, comments: replaceComment(data.comments, result.comment) } : data,
      ),
  });
}
