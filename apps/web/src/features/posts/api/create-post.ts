import type { CommentPolicy, CreatePostResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import type { PostAudience } from '../lib/privacy';
import { postKeys } from './query-keys';

export interface NewPost {
  title: string;
  description: string;
  privacy: PostAudience;
  /** Who may comment; absent: the member's default (the server applies it). */
  commentPolicy?: CommentPolicy;
  media: File | null;
  /** The media's description (alt text); null or absent: none. */
  altText?: string | null;
  /** "Mark as sensitive": others see the media covered until they tap it. */
  sensitive?: boolean;
}

/**
 * POST /api/posts/create (multipart: userId, title, description, privacy, commentPolicy, and with
 * an optional `media` file its `altText` and `sensitive` mark).
 * Sent once: unlike a photo upload, repeating a create whose answer was lost would post twice.
 */
export function createPost(
  input: NewPost,
  onProgress?: (percent: number) => void,
): Promise<CreatePostResponse> {
  const form = new FormData();
  const userId = getStoredUserId();
  if (userId) form.append('userId', userId);
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('privacy', input.privacy);
  if (input.commentPolicy) form.append('commentPolicy', input.commentPolicy);
  if (input.altText) form.append('altText', input.altText);
  if (input.sensitive) form.append('sensitive', 'true');
  if (input.media) form.append('media', input.media);
  return uploadForm<CreatePostResponse>('/posts/create', form, { attempts: 1, onProgress });
}

export function useCreatePost(onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPost) => createPost(input, onProgress),
    onSuccess: async (result) => {
      const authorId = result.post.userId?._id ?? getStoredUserId();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.feed({ kind: 'general' }) }),
        authorId
          ? queryClient.invalidateQueries({
              queryKey: postKeys.feed({ kind: 'user', userId: authorId }),
            })
          : undefined,
      ]);
    },
  });
}
