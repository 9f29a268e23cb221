import { z } from 'zod';
import { IdSchema } from './common.js';
import { AltTextSchema, FormBooleanSchema } from './image-safety.js';
import { commentPolicySchema } from './privacy.js';
import type { CommentPolicy } from './safety.js';

/**
 * Posts, likes and comments: limits, the spec's messages, request schemas and the JSON shapes the
 * API answers with. The web app types its calls with these.
 */

// ---------------------------------------------------------------------------------------------
// Limits

export const POST_TITLE_MAX_LENGTH = 150;
export const POST_DESCRIPTION_MAX_LENGTH = 5000;
export const COMMENT_MAX_LENGTH = 2000;
/** Mentions beyond this many distinct members in one comment are ignored. */
export const MAX_MENTIONS_PER_COMMENT = 20;
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const POST_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const POST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const POST_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
/** For an `<input type="file" accept=…>`; the server decides from the bytes, not from this. */
export const POST_MEDIA_ACCEPT = [...POST_IMAGE_TYPES, ...POST_VIDEO_TYPES].join(',');

export const PAGE_DEFAULT_LIMIT = 20;
export const PAGE_MAX_LIMIT = 50;

export const POST_PRIVACY_VALUES = ['public', 'followers', 'private'] as const;
export type PostPrivacy = (typeof POST_PRIVACY_VALUES)[number];

/** What a post's attachment is. */
export const POST_MEDIA_KINDS = ['image', 'video'] as const;
export type PostMediaKind = (typeof POST_MEDIA_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Messages (the spec's wording where it has one)

export const POST_MESSAGES = {
  created: 'Post created successfully!',
  deleted: 'Post deleted successfully',
  notFound: 'Post not found',
  deleteNotOwn: 'You can only delete your own posts',
  updated: 'Post updated successfully',
  editNotOwn: 'You can only edit your own posts',
  nothingToUpdate: 'Please change the title, description or privacy',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${POST_TITLE_MAX_LENGTH} characters or fewer`,
  descriptionTooLong: `Description must be ${POST_DESCRIPTION_MAX_LENGTH} characters or fewer`,
  privacyInvalid: 'Privacy must be public, followers or private',
  mediaType: 'Only JPG, PNG, WEBP images or MP4/WEBM videos are allowed',
  mediaTooLarge: 'File is too large. Images can be up to 10MB and videos up to 50MB',
  imageTooLarge: 'Image is too large. Maximum size is 10MB',
  imageUnreadable: 'This image could not be read. Please try another file',
  videoUnplayable: 'This video could not be read. Please upload a playable MP4 or WEBM video',
  invalidCursor: 'Invalid cursor',
  // Client-side toasts from the spec's catalogue.
  fetchFailed: 'Failed to fetch posts',
  fetchFollowingFailed: 'Failed to fetch posts from people you follow',
  createFailed: 'Failed to create post',
  deleteFailed: 'Failed to delete post',
  updateFailed: 'Failed to update post',
  likeFailed: 'Error liking post',
} as const;

export const COMMENT_MESSAGES = {
  added: 'Comment added successfully',
  replyAdded: 'Reply added successfully',
  deleted: 'Comment deleted successfully',
  notFound: 'Comment not found',
  deleteNotOwn: 'You can only delete your own comments',
  updated: 'Comment updated successfully',
  editNotOwn: 'You can only edit your own comments',
  empty: 'Comment cannot be empty',
  tooLong: `Comment must be ${COMMENT_MAX_LENGTH} characters or fewer`,
  // Client-side toasts from the spec's catalogue.
  loadFailed: 'Failed to load comments',
  addFailed: 'Failed to add comment',
  deleteFailed: 'Failed to delete comment',
  updateFailed: 'Failed to update comment',
} as const;

/** Author placeholders the client shows (spec §8). */
export const AUTHOR_PLACEHOLDERS = {
  deletedCommentAuthor: 'Deleted User',
  missingPostAuthor: 'Anonymous User',
  failedLookup: 'Unknown User',
} as const;

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Length in Unicode code points, as PostgreSQL's char_length counts (an emoji is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

const boundedText = (max: number, tooLong: string) =>
  z.string().refine((value) => characterCount(value) <= max, { message: tooLong });

// ---------------------------------------------------------------------------------------------
// Mentions: "@", the name in square brackets, the member id in parentheses — `@[Ada Lovelace](id)`.

const MENTION_PATTERN =
  /@\[([^\]\n]{1,100})\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)/g;

export interface MentionToken {
  /** The name as written in the text (display only: the id is what counts). */
  name: string;
  /** Lower-cased member id. */
  userId: string;
  /** Where the whole token starts in the text, and how long it is (UTF-16 units). */
  index: number;
  length: number;
}

/** Every mention token in a text, in order (for rendering: split the text around them). */
export function parseMentions(text: string): MentionToken[] {
  const tokens: MentionToken[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    tokens.push({
      name: match[1]!,
      userId: match[2]!.toLowerCase(),
      index: match.index,
      length: match[0].length,
    });
  }
  return tokens;
}

/** The distinct member ids a text mentions, in order of first appearance, at most `limit`. */
export function mentionedUserIds(text: string, limit = MAX_MENTIONS_PER_COMMENT): string[] {
  const ids: string[] = [];
  for (const token of parseMentions(text)) {
    if (ids.length >= limit) break;
    if (!ids.includes(token.userId)) ids.push(token.userId);
  }
  return ids;
}

/** The text to insert when a member picks someone from the mention suggestions. */
export function mentionText(name: string, userId: string): string {
  return `@[${name.replace(/[\]\n]/g, ' ').trim()}](${userId})`;
}

// ---------------------------------------------------------------------------------------------
// Requests

/** `?cursor=&limit=` on every paged list. */
export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_MAX_LIMIT, `limit must be at most ${PAGE_MAX_LIMIT}`)
    .default(PAGE_DEFAULT_LIMIT),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** GET /posts?userId= — the General tab; `userId` is the viewer and must be the signed-in member. */
export const GeneralFeedQuerySchema = PageQuerySchema.extend({ userId: IdSchema.optional() });

/** A post's title, description and privacy: the same rules when it is written and when edited. */
const postTitle = z
  .string({ message: POST_MESSAGES.titleRequired })
  .trim()
  .min(1, POST_MESSAGES.titleRequired)
  .pipe(boundedText(POST_TITLE_MAX_LENGTH, POST_MESSAGES.titleTooLong));
const postDescription = z
  .string()
  .trim()
  .pipe(boundedText(POST_DESCRIPTION_MAX_LENGTH, POST_MESSAGES.descriptionTooLong));
// One view of the original product calls followers-only posts "friends".
const postPrivacy = z.preprocess(
  (value) => (value === 'friends' ? 'followers' : value),
  z.enum(POST_PRIVACY_VALUES, { message: POST_MESSAGES.privacyInvalid }),
);

/** Multipart text fields of POST /posts/create (the optional file is the `media` field). */
export const CreatePostSchema = z.object({
  userId: IdSchema.optional(),
  title: postTitle,
  description: postDescription.default(''),
  privacy: z
    .preprocess((value) => (value === '' || value === undefined ? 'public' : value), postPrivacy)
    .default('public'),
  /** Who may comment; when absent (or empty), the author's default from their privacy settings. */
  commentPolicy: z.preprocess(
    (value) => (value === '' ? undefined : value),
    commentPolicySchema.optional(),
  ),
  /** "Mark as sensitive": others see the media covered until they tap it (ignored without media). */
  sensitive: FormBooleanSchema.optional(),
  /** The media's description for people who cannot see it (ignored without media). */
  altText: AltTextSchema.optional(),
});
export type CreatePostInput = z.input<typeof CreatePostSchema>;

/**
 * PATCH /posts/{postId} — the author changes any of title, description and privacy, and for a
 * post with media its "sensitive" mark and description (the media itself stays). Each field
 * follows the rules of POST /posts/create; at least one must be given.
 */
export const UpdatePostSchema = z
  .object({
    title: postTitle.optional(),
    description: postDescription.optional(),
    privacy: postPrivacy.optional(),
    sensitive: z.boolean().optional(),
    altText: AltTextSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: POST_MESSAGES.nothingToUpdate,
  });
export type UpdatePostInput = z.input<typeof UpdatePostSchema>;

export const LikePostSchema = z.object({
  postId: IdSchema,
  userId: IdSchema.optional(),
});

const commentContent = z
  .string({ message: COMMENT_MESSAGES.empty })
  .trim()
  .min(1, COMMENT_MESSAGES.empty)
  .pipe(boundedText(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong));

/** POST /posts/{postId}/comments — a comment, or a reply when parentCommentId is given. */
export const CreateCommentSchema = z.object({
  userId: IdSchema.optional(),
  content: commentContent,
  parentCommentId: z.preprocess((value) => (value === '' ? null : value), IdSchema.nullish()),
});

/** PATCH /posts/{postId}/comments/{commentId} — the comment's author rewrites its content. */
export const UpdateCommentSchema = z.object({ content: commentContent });
export type UpdateCommentInput = z.input<typeof UpdateCommentSchema>;

/** POST /posts/comment — the older top-level comment call. */
export const CreateTopLevelCommentSchema = z.object({
  postId: IdSchema,
  userId: IdSchema.optional(),
  content: commentContent,
});

// ---------------------------------------------------------------------------------------------
// Responses

/** How an author appears on a post or a comment (the users feature's member summary). */
export interface AuthorSummary {
  _id: string;
  firstName: string;
  lastName: string;
  /** URL of the profile picture's thumbnail, or null. */
  profilePicture: string | null;
  verifiedBadge: boolean;
  /** A selfie matched the member's photos (features/photo-verification): the photo-verified mark. */
  photoVerified: boolean;
}

export interface PostMedia {
  url: string;
  type: PostMediaKind;
  /**
   * The picture's (or the video frame's) size in pixels, for `<img width height>` so the page keeps
   * its box before the file arrives. Null when unknown (a video whose header does not say): show a
   * default-shaped box.
   */
  width: number | null;
  height: number | null;
  /** The author's description; null: none (the web app then says "Photo by <first name>"). */
  altText: string | null;
}

export interface PostDto {
  _id: string;
  /** The author; null only if they vanished between query and hydration (show "Anonymous User"). */
  userId: AuthorSummary | null;
  title: string;
  description: string;
  privacy: PostPrivacy;
  media: PostMedia | null;
  /**
   * Not the full list of likers (a page would grow with every like): it holds the viewer's own id
   * when they like the post, otherwise it is empty. Use `likesCount` for the number.
   */
  likes: string[];
  likesCount: number;
  /** Visible, not-deleted comments and replies. */
  commentsCount: number;
  isLiked: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601 of the author's last edit of title, description or privacy; null if never edited. */
  editedAt: string | null;
  /** Who may comment on it (chosen by the author when writing it). */
  commentPolicy: CommentPolicy;
  /** Whether the viewer may comment on it (the server checks again). */
  canComment: boolean;
  /** Whether the viewer may delete it (the server checks again). */
  canDelete: boolean;
  /** Whether the viewer may edit it (the author; the server checks again). */
  canEdit: boolean;
  /**
   * Cover the media for this viewer ("Sensitive content — tap to view"): it is sensitive (scored
   * explicit, not scored yet, or marked by the author or a moderator), the viewer is not the
   * author and did not choose to see such media. Always false without media.
   */
  sensitive: boolean;
  /** The author marked it sensitive (the edit form's checkbox). */
  markedSensitive: boolean;
}

export interface PostPage {
  success: true;
  posts: PostDto[];
  /** Pass as `?cursor=` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

export interface CreatePostResponse {
  success: true;
  message: typeof POST_MESSAGES.created;
  post: PostDto;
}

/** GET /api/posts/{postId}: one post the viewer may see. */
export interface PostResponse {
  success: true;
  post: PostDto;
}

export interface UpdatePostResponse {
  success: true;
  message: typeof POST_MESSAGES.updated;
  post: PostDto;
}

export interface LikeResponse {
  success: true;
  isLiked: boolean;
  likesCount: number;
}

export interface MentionedMember {
  _id: string;
  firstName: string;
  lastName: string;
}

export interface CommentDto {
  _id: string;
  /** The author; null when the author deleted their account or the comment itself was deleted. */
  userId: AuthorSummary | null;
  /** True when the author's account is gone (show "Deleted User"). */
  authorDeleted: boolean;
  /** Empty when `deleted`. */
  content: string;
  createdAt: string;
  /** When its author last edited the content; null if never. */
  editedAt: string | null;
  /** Active members mentioned in the content, in order of appearance. */
  mentions: MentionedMember[];
  replies: CommentDto[];
  /** A comment its author deleted while it had replies: kept as a placeholder so replies stay in place. */
  deleted: boolean;
  canDelete: boolean;
  /** Whether the viewer may edit it (its author; the server checks again). */
  canEdit: boolean;
  /**
   * Set on a reply shown beside the comment it answers rather than beneath it (that comment is
   * already COMMENT_MAX_DEPTH deep): the member it replies to, for a "replying to @name" line.
   */
  replyingTo?: MentionedMember;
}

/**
 * How deep the API nests replies: a post's own comment is depth 1; a reply to a comment at this
 * depth is listed beside it (under the same parent) with `replyingTo`, so a long chain of replies
 * stays a bounded tree for every client.
 */
export const COMMENT_MAX_DEPTH = 6;

export interface CommentsResponse {
  success: true;
  comments: CommentDto[];
}

export interface CreateCommentResponse {
  success: true;
  message: typeof COMMENT_MESSAGES.added | typeof COMMENT_MESSAGES.replyAdded;
  comment: CommentDto;
}

export interface UpdateCommentResponse {
  success: true;
  message: typeof COMMENT_MESSAGES.updated;
  comment: CommentDto;
}
