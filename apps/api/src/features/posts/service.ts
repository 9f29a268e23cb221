import { readFile } from 'node:fs/promises';
import {
  POST_IMAGE_MAX_BYTES,
  POST_MESSAGES,
  SENSITIVE_MEDIA_DEFAULT,
  type SensitiveMediaPreference,
  type PageQuery,
  type PostDto,
  type CommentPolicy,
  type PostPrivacy,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import {
  isImageMime,
  isVideoMime,
  processImage,
  readMediaBytes,
  readStoredImageDimensions,
  sniffMediaFile,
  cleanVideoFile,
  newMediaKey,
} from '../media/index.js';
import { assertMediaStorageRoom } from '../entitlements/index.js';
import {
  loadMemberSummaries,
  lockMember,
  privacySettingsOf,
  type MemberSummary,
} from '../users/index.js';
import { sensitiveMediaPreferenceOf } from '../image-safety/index.js';
import { isForeignKeyViolation } from '../../db/concurrency.js';
import { notifyMember, withdrawNotification } from '../notifications/index.js';
import { decodeCursor, toPage } from '../../db/keyset.js';
import { authorsFollowedBy } from './comment-policy.js';
import { assertCanDeletePost } from './policy.js';
import { classifyPostImage } from './sensitivity.js';
import { presentPost } from './presenter.js';
import {
  deletePostOfAuthor,
  findVisiblePost,
  findVisiblePostForLike,
  insertPost,
  loadPostCounts,
  pageVisiblePosts,
  setMediaDimensions,
  toggleLikeRow,
  type FeedScope,
  type PostRow,
  type ViewerPostState,
} from './repo.js';

/** Posts and likes: the domain logic behind /api/posts. No req/res here. */

export interface PostPageResult {
  posts: PostDto[];
  nextCursor: string | null;
}

/** One page of a feed (General, Following or a member's posts), as the viewer may see it. */
export async function listPosts(
  context: AppContext,
  viewerId: string,
  scope: FeedScope,
  query: PageQuery,
): Promise<PostPageResult> {
  const after = decodeCursor(query.cursor, () => badRequest(POST_MESSAGES.invalidCursor));
  const rows = await pageVisiblePosts(context.db, viewerId, scope, { after, limit: query.limit });
  const { items, nextCursor } = toPage(rows, query.limit);
  await measureOlderImages(context, items);
  return { posts: await hydratePosts(context.db, viewerId, items), nextCursor };
}

/** GET /posts/{postId}: one post as the viewer sees it; one they may not see is "not found". */
export async function getPost(
  context: AppContext,
  viewerId: string,
  postId: string,
): Promise<PostDto> {
  const row = await findVisiblePost(context.db, viewerId, postId);
  if (!row) throw notFound(POST_MESSAGES.notFound);
  await measureOlderImages(context, [row]);
  const [post] = await hydratePosts(context.db, viewerId, [row]);
  return post!;
}

/**
 * Posts made before media sizes were stored have none: the first page that shows such an image
 * reads the stored file's header (a re-encoded WebP, already upright), keeps the size in the row
 * and in `rows`, so it is done once. A file that cannot be read stays unknown (the web app then
 * draws a default-shaped box). Videos are left alone: their header may sit at the end of a large
 * file, and the web app's default box serves them.
 */
async function measureOlderImages(context: AppContext, rows: PostRow[]): Promise<void> {
  const unmeasured = rows.filter(
    (row) => row.mediaType === 'image' && row.mediaKey && row.mediaWidth === null,
  );
  await Promise.all(
    unmeasured.map(async (row) => {
      try {
        // A stored image is a bounded re-encoded WebP, so reading it whole is fine (on any store).
        const bytes = await readMediaBytes(context.storage, row.mediaKey!);
        const size = bytes && (await readStoredImageDimensions(bytes));
        if (!size) return;
        await setMediaDimensions(context.db, row.id, size);
        row.mediaWidth = size.width;
        row.mediaHeight = size.height;
      } catch (error) {
        context.logger.warn({ err: error, postId: row.id }, 'could not measure a post image');
      }
    }),
  );
}

/**
 * Authors, and like and comment counts with the viewer's own like, for a whole page. Rows from a
 * feed page carry their authors, the viewer's follows of them and sensitive-media choice (repo's
 * `FeedRow`), so only the counts are read here (one statement however many posts the page holds);
 * other rows (one post, a new or edited post) have the rest read here too.
 */
export async function hydratePosts(
  db: Database,
  viewerId: string,
  rows: readonly HydratedRow[],
): Promise<PostDto[]> {
  if (rows.length === 0) return [];
  const postIds = rows.map((row) => row.id);
  const [authors, counts, { followedAuthors, sensitiveMedia }] = await Promise.all([
    authorsOf(db, viewerId, rows),
    loadPostCounts(db, viewerId, postIds),
    viewerStateOf(db, viewerId, rows),
  ]);
  return rows.map((row) =>
    presentPost(row, {
      viewerId,
      authors,
      likes: counts.likes,
      commentCounts: counts.comments,
      followedAuthors,
      sensitiveMedia,
    }),
  );
}

/** A post row, with what a feed page's statement read besides (repo's `FeedRow`). */
type HydratedRow = PostRow & Partial<ViewerPostState> & { author?: MemberSummary };

async function authorsOf(
  db: Database,
  viewerId: string,
  rows: readonly HydratedRow[],
): Promise<Map<string, MemberSummary>> {
  const joined = rows.flatMap((row) => (row.author ? [row.author] : []));
  if (joined.length === rows.length) return new Map(joined.map((author) => [author._id, author]));
  return loadMemberSummaries(
    db,
    viewerId,
    rows.map((row) => row.authorId),
  );
}

async function viewerStateOf(
  db: Database,
  viewerId: string,
  rows: readonly HydratedRow[],
): Promise<{ followedAuthors: Set<string>; sensitiveMedia: SensitiveMediaPreference }> {
  const [first] = rows;
  if (first && rows.every((row) => row.viewerFollowsAuthor !== undefined)) {
    return {
      followedAuthors: new Set(
        rows.filter((row) => row.viewerFollowsAuthor).map((row) => row.authorId),
      ),
      sensitiveMedia: first.viewerSensitiveMedia ?? SENSITIVE_MEDIA_DEFAULT,
    };
  }
  const [followedAuthors, sensitiveMedia] = await Promise.all([
    authorsFollowedBy(
      db,
      viewerId,
      rows.map((row) => row.authorId),
    ),
    sensitiveMediaPreferenceOf(db, viewerId),
  ]);
  return { followedAuthors, sensitiveMedia };
}

/** The uploaded file on disk (a temporary file: it is read, or cleaned in place, then stored). */
export interface UploadedMedia {
  path: string;
  size: number;
}

export interface NewPost {
  title: string;
  description: string;
  privacy: PostPrivacy;
  /** Absent: the author's default (`defaultCommentPolicy` in their privacy settings). */
  commentPolicy?: CommentPolicy | undefined;
  /** The author's "Mark as sensitive" (kept only with media). */
  sensitive?: boolean | undefined;
  /** The media's description (kept only with media); null or absent: none. */
  altText?: string | null | undefined;
}

export async function createPost(
  context: AppContext,
  authorId: string,
  input: NewPost,
  file: UploadedMedia | undefined,
): Promise<PostDto> {
  const commentPolicy =
    input.commentPolicy ?? (await privacySettingsOf(context.db, authorId)).defaultCommentPolicy;
  const media = file && file.size > 0 ? await storePostMedia(context, file) : undefined;
  let row: PostRow;
  try {
    row = await context.db.transaction(async (tx) => {
      // Media counts against the author's plan storage: checked under their row lock, so two
      // parallel uploads cannot both take the last free bytes.
      if (media) {
        const author = await lockMember(tx, authorId);
        if (!author) throw notFound('User not found', 'MEMBER_NOT_FOUND');
        await assertMediaStorageRoom(tx, author, context.clock.now(), media.bytes);
      }
      return insertPost(tx, {
        authorId,
        title: input.title,
        description: input.description,
        privacy: input.privacy,
        commentPolicy,
        mediaKey: media?.key ?? null,
        mediaType: media?.type ?? null,
        mediaMime: media?.mime ?? null,
        mediaBytes: media?.bytes ?? null,
        mediaWidth: media?.width ?? null,
        mediaHeight: media?.height ?? null,
        sensitiveByAuthor: media ? (input.sensitive ?? false) : false,
        altText: media ? (input.altText ?? null) : null,
        createdAt: context.clock.now(),
      });
    });
  } catch (error) {
    if (media) await removeMedia(context, media.key);
    throw error;
  }
  if (media?.type === 'image') {
    // After the reply: the post is covered for others until its score is in (sensitivity.ts).
    const { key } = media;
    context.background.run('classify a post image', () => classifyPostImage(context, row.id, key));
  }
  const [post] = await hydratePosts(context.db, authorId, [row]);
  return post!;
}

interface StoredMedia {
  key: string;
  type: 'image' | 'video';
  mime: string;
  bytes: number;
  /** Pixel size of the stored picture or of the video's frame; null when a video's header hides it. */
  width: number | null;
  height: number | null;
}

/**
 * The file's bytes decide what it is. Images are re-encoded (orientation applied, metadata such as
 * GPS dropped, size bounded); MP4 and WebM videos must parse as playable, and MP4s lose their
 * metadata boxes (media/video.ts). Either way the file is stored under a fresh unguessable key.
 */
async function storePostMedia(context: AppContext, file: UploadedMedia): Promise<StoredMedia> {
  const mime = await sniffMediaFile(file.path);
  if (isImageMime(mime)) {
    if (file.size > POST_IMAGE_MAX_BYTES) throw new AppError(413, POST_MESSAGES.imageTooLarge);
    const { full } = await processImage(await readFile(file.path), POST_MESSAGES.imageUnreadable);
    const key = newMediaKey(full.extension);
    await context.storage.put(key, full.data);
    return {
      key,
      type: 'image',
      mime: 'image/webp',
      bytes: full.data.length,
      width: full.width,
      height: full.height,
    };
  }
  if (isVideoMime(mime)) {
    // Cleaned in place and streamed to storage: a video is never held whole in memory.
    const { dimensions } = await cleanVideoFile(file.path, mime, POST_MESSAGES.videoUnplayable);
    const key = newMediaKey(mime === 'video/mp4' ? 'mp4' : 'webm');
    await context.storage.put(key, { filePath: file.path });
    return {
      key,
      type: 'video',
      mime,
      bytes: file.size,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    };
  }
  throw badRequest(POST_MESSAGES.mediaType);
}

/** Only the author deletes a post; its comments and likes go with it, then its file. */
export async function deletePost(
  context: AppContext,
  actorId: string,
  postId: string,
): Promise<void> {
  const post = await findVisiblePost(context.db, actorId, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  assertCanDeletePost(actorId, post);
  const { deleted, mediaKey } = await deletePostOfAuthor(context.db, postId, actorId);
  if (!deleted) throw notFound(POST_MESSAGES.notFound);
  // The delete is committed: only now may the file go (a rollback must not leave a dead link).
  if (mediaKey) await removeMedia(context, mediaKey);
}

async function removeMedia(context: AppContext, key: string): Promise<void> {
  try {
    await context.storage.delete(key);
  } catch (error) {
    context.logger.warn({ err: error, key }, 'could not remove a post media file');
  }
}

export interface LikeResult {
  isLiked: boolean;
  likesCount: number;
}

/**
 * Likes the post, or takes the like back. Toggles by the same member on the same post run one
 * after the other (transaction lock), so parallel clicks end in the state sequential ones would.
 * The count returned is the post's counter (post_stats, kept by a trigger) after the toggle: every
 * like, including those of members the liker may not see, which the post's next read leaves out —
 * counting them here would read every like of a popular post (issue 18).
 */
export async function toggleLike(
  context: AppContext,
  actorId: string,
  postId: string,
): Promise<LikeResult> {
  let outcome: LikeResult & { authorId: string };
  try {
    outcome = await context.db.transaction(async (tx) => {
      const post = await findVisiblePostForLike(tx, actorId, postId);
      if (!post) throw notFound(POST_MESSAGES.notFound);
      const toggled = await toggleLikeRow(tx, postId, actorId, context.clock.now());
      return { ...toggled, authorId: post.authorId };
    });
  } catch (error) {
    // The post was deleted between our check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(POST_MESSAGES.notFound);
    throw error;
  }
  // The author hears of the like (grouped per post); an unlike takes the liker out of that group.
  const like = { type: 'like', recipientId: outcome.authorId, actorId, postId } as const;
  if (outcome.isLiked) await notifyMember(context, like);
  else await withdrawNotification(context, like);
  return { isLiked: outcome.isLiked, likesCount: outcome.likesCount };
}
