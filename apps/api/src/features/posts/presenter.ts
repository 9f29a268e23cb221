import type { PostDto, SensitiveMediaPreference } from '@kindred/contracts';
import { mediaUrl } from '../media/index.js';
import type { MemberSummary } from '../users/index.js';
import { mayComment } from './comment-policy.js';
import { canDeletePost, canEditPost } from './policy.js';
import type { LikeStats, PostRow } from './repo.js';
import { coveredForViewer } from './sensitivity.js';

/** What a page of posts needs besides the rows; each map is filled by one batched query. */
export interface PostHydration {
  viewerId: string;
  authors: Map<string, MemberSummary>;
  likes: Map<string, LikeStats>;
  commentCounts: Map<string, number>;
  /** The authors on the page whom the viewer follows (for `canComment`). */
  followedAuthors: Set<string>;
  /** What the viewer chose to see of sensitive media (for `sensitive`). */
  sensitiveMedia: SensitiveMediaPreference;
}

/** A post row → the JSON the contract promises. No raw row leaves the API. */
export function presentPost(row: PostRow, hydration: PostHydration): PostDto {
  const likes = hydration.likes.get(row.id) ?? { count: 0, likedByViewer: false };
  return {
    _id: row.id,
    userId: hydration.authors.get(row.authorId) ?? null,
    title: row.title,
    description: row.description,
    privacy: row.privacy,
    media:
      row.mediaKey && row.mediaType
        ? {
            url: mediaUrl(row.mediaKey),
            type: row.mediaType,
            width: row.mediaWidth,
            height: row.mediaHeight,
            altText: row.altText,
          }
        : null,
    sensitive: coveredForViewer(hydration.viewerId, row, hydration.sensitiveMedia),
    markedSensitive: row.sensitiveByAuthor,
    likes: likes.likedByViewer ? [hydration.viewerId] : [],
    likesCount: likes.count,
    commentsCount: hydration.commentCounts.get(row.id) ?? 0,
    isLiked: likes.likedByViewer,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    commentPolicy: row.commentPolicy,
    canComment: mayComment(hydration.viewerId, row, hydration.followedAuthors.has(row.authorId)),
    canDelete: canDeletePost(hydration.viewerId, row),
    canEdit: canEditPost(hydration.viewerId, row),
  };
}
