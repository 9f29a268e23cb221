import type { LikeResponse, PostDto } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsToast } from '../toast';
import { api, limitMessageOr } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { findCachedPost, updatePostInFeeds } from './feed-cache';

/** POST /api/posts/like — toggles the member's like; answers whether it is now liked. */
export function likePost(postId: string): Promise<LikeResponse> {
  return api.post<LikeResponse>('/posts/like', { postId, userId: getStoredUserId() ?? undefined });
}

type LikeState = Pick<PostDto, 'isLiked' | 'likesCount' | 'likes'>;

function withLike(post: PostDto, isLiked: boolean, likesCount: number): PostDto {
  const viewerId = getStoredUserId();
  return { ...post, isLiked, likesCount, likes: isLiked && viewerId ? [viewerId] : [] };
}

/**
 * Liking is optimistic: the heart and count change at once in every list showing the post. If
 * the call fails, that post goes back to how it was and "Error liking post" is shown; when it
 * succeeds, the server's isLiked and count are what stays (SPEC §4 "Like").
 */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likePost,
    onMutate: (postId): { previous: LikeState | undefined } => {
      const post = findCachedPost(queryClient, postId);
      if (!post) return { previous: undefined };
      const previous = { isLiked: post.isLiked, likesCount: post.likesCount, likes: post.likes };
      updatePostInFeeds(queryClient, postId, (current) =>
        withLike(
          current,
          !current.isLiked,
          Math.max(0, current.likesCount + (current.isLiked ? -1 : 1)),
        ),
      );
      return { previous };
    },
    onError: (error, postId, context) => {
      const previous = context?.previous;
      if (previous) updatePostInFeeds(queryClient, postId, (post) => ({ ...post, ...previous }));
      postsToast().error(limitMessageOr(error, POSTS_UI_MESSAGES.likeFailed));
    },
    onSuccess: (result, postId) => {
      updatePostInFeeds(queryClient, postId, (post) =>
        withLike(post, result.isLiked, result.likesCount),
      );
    },
  });
}
