import type { PostPrivacy, UpdatePostResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updatePostInFeeds } from './feed-cache';

export interface PostChanges {
  title: string;
  description: string;
  privacy: PostPrivacy;
  /** A post with media only: its description (null clears it) and the "sensitive" mark. */
  altText?: string | null;
  sensitive?: boolean;
}

/** PATCH /api/posts/{postId} (the author only; the API checks): the presented post comes back. */
export function editPost(postId: string, changes: PostChanges): Promise<UpdatePostResponse> {
  return api.patch<UpdatePostResponse>(`/posts/${encodeURIComponent(postId)}`, changes);
}

/**
 * Saves the author's changes and puts the post as the server now presents it into every cached
 * feed that holds it (the feed and the profile show the change at once, "edited" included). The
 * author's own lists keep the post whatever its privacy, so nothing is refetched.
 */
export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PostChanges) => editPost(postId, changes),
    onSuccess: (result) => updatePostInFeeds(queryClient, postId, () => result.post),
  });
}
