import { and, desc, eq, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SensitiveMediaPreference } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { posts } from '../../db/schema.js';
import { readMediaBytes } from '../media/index.js';
import {
  ClassificationUnavailable,
  classificationDueWhere,
  isSensitiveScore,
  NSFW_THRESHOLD,
  viewerHidesSensitiveMedia,
} from '../image-safety/index.js';
import type { PostRow } from './repo.js';

/**
 * Sensitive media on posts (issue 17). A post's media is sensitive when its author or a moderator
 * marked it so, or, for an image, when the NSFW model scored it at or above the threshold — and
 * while the image waits for its score (the upload answers before the model has looked).
 *
 * Everyone but the author then sees it covered ("Sensitive content — tap to view"), unless they
 * chose to see such media as it is; members who chose to hide it do not find the post in their
 * feeds at all (the SQL below, in every feed query). Videos are never scored (the server has no
 * video decoder): they are sensitive only when marked.
 */

/** SQL condition on `posts`: its media is sensitive (the same rule as `isSensitivePost`). */
export function sensitivePostWhere(): SQL {
  return sql`(
    ${posts.mediaKey} is not null
    and (
      ${posts.sensitiveByAuthor}
      or ${posts.sensitiveByModerator}
      or (
        ${posts.mediaType} = 'image'
        and (${posts.nsfwScore} is null or ${posts.nsfwScore} >= ${NSFW_THRESHOLD})
      )
    )
  )`;
}

/**
 * SQL condition on `posts` for feeds: not a post the viewer chose to hide (sensitive media, when
 * their setting is "hide"). Their own posts always show.
 */
export function notHiddenFromViewerWhere(viewerId: string | Placeholder): SQL {
  return sql`(
    ${posts.authorId} = ${viewerId}
    or not ${viewerHidesSensitiveMedia(viewerId)}
    or not ${sensitivePostWhere()}
  )`;
}

type SensitivityFields = Pick<
  PostRow,
  'mediaKey' | 'mediaType' | 'nsfwScore' | 'sensitiveByAuthor' | 'sensitiveByModerator'
>;

export function isSensitivePost(row: SensitivityFields): boolean {
  if (!row.mediaKey) return false;
  if (row.sensitiveByAuthor || row.sensitiveByModerator) return true;
  return row.mediaType === 'image' && isSensitiveScore(row.nsfwScore);
}

/**
 * Whether the viewer gets the post's media covered (`sensitive` in the post's JSON): never the
 * author's own; for others, sensitive media unless they chose "show". A member who chose "hide"
 * and still reaches the post (a link, a notification) sees it covered.
 */
export function coveredForViewer(
  viewerId: string,
  row: SensitivityFields & Pick<PostRow, 'authorId'>,
  preference: SensitiveMediaPreference,
): boolean {
  return row.authorId !== viewerId && preference !== 'show' && isSensitivePost(row);
}

type ScoringContext = Pick<AppContext, 'db' | 'storage' | 'imageClassifier' | 'clock'>;

/**
 * Scores a post's stored image and keeps the score on the row. The image is read from storage
 * when its turn in the classifier's queue comes, so waiting images hold no memory. A post deleted,
 * or whose media changed, meanwhile keeps nothing. Whether a score was stored (false: no such
 * post or no file); throws when the image cannot be scored.
 */
export async function scorePostImage(
  context: ScoringContext,
  postId: string,
  mediaKey: string,
): Promise<boolean> {
  const bytes = await readMediaBytes(context.storage, mediaKey);
  if (!bytes) return false;
  const score = await context.imageClassifier.classify(bytes);
  const updated = await context.db
    .update(posts)
    .set({ nsfwScore: score, classifiedAt: context.clock.now() })
    .where(and(eq(posts.id, postId), eq(posts.mediaKey, mediaKey)))
    .returning({ id: posts.id });
  return updated.length > 0;
}

/**
 * `scorePostImage` after the upload's reply (through `context.background`). When the image cannot
 * be scored now the post stays covered (no score) until the backfill job scores it
 * (jobs/image-classification-backfill.ts).
 */
export async function classifyPostImage(
  context: ScoringContext & Pick<AppContext, 'logger'>,
  postId: string,
  mediaKey: string,
): Promise<void> {
  try {
    await scorePostImage(context, postId, mediaKey);
  } catch (error) {
    if (error instanceof ClassificationUnavailable) {
      context.logger.warn({ postId, reason: error.message }, 'a post image was not classified');
      return;
    }
    throw error;
  }
}

/** Whether the post still has an image without a score (the backfill's check after its claim). */
export async function postImageUnscored(db: Executor, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.mediaType, 'image'), isNull(posts.nsfwScore)));
  return row !== undefined;
}

/**
 * Post images without a score, created before `createdBefore` (so an upload's own classification
 * has had its chance), that the backfill job may try now; newest first.
 */
export async function unscoredPostImages(
  db: Executor,
  options: { createdBefore: Date; now: Date; limit: number },
): Promise<{ id: string; mediaKey: string }[]> {
  const rows = await db
    .select({ id: posts.id, mediaKey: posts.mediaKey })
    .from(posts)
    .where(
      and(
        eq(posts.mediaType, 'image'),
        isNull(posts.nsfwScore),
        lt(posts.createdAt, options.createdBefore),
        classificationDueWhere('post', posts.id, options.now),
      ),
    )
    .orderBy(desc(posts.createdAt))
    .limit(options.limit);
  return rows.flatMap((row) => (row.mediaKey ? [{ id: row.id, mediaKey: row.mediaKey }] : []));
}

/**
 * A moderator's "mark sensitive" of a post, in the caller's transaction. Returns false when there
 * is no such post or it has no media (nothing to cover).
 */
export async function markPostSensitiveByModerator(tx: Executor, postId: string): Promise<boolean> {
  const [row] = await tx
    .update(posts)
    .set({ sensitiveByModerator: true })
    .where(and(eq(posts.id, postId), sql`${posts.mediaKey} is not null`))
    .returning({ id: posts.id });
  return row !== undefined;
}
