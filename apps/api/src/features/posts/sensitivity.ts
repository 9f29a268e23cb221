import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SensitiveMediaPreference } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { posts } from '../../db/schema.js';
import { readMediaBytes } from '../media/index.js';
import {
  ClassificationUnavailable,
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
export function notHiddenFromViewerWhere(viewerId: string): SQL {
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

/**
 * Scores a post's stored image and keeps the score on the row (after the upload's reply, through
 * `context.background`). The image is read from storage when its turn in the classifier's queue
 * comes, so waiting images hold no memory. A post deleted, or whose media changed, meanwhile
 * keeps nothing. When the image cannot be scored the post stays covered (no score).
 */
export async function classifyPostImage(
  context: Pick<AppContext, 'db' | 'storage' | 'imageClassifier' | 'clock' | 'logger'>,
  postId: string,
  mediaKey: string,
): Promise<void> {
  try {
    const bytes = await readMediaBytes(context.storage, mediaKey);
    if (!bytes) return;
    const score = await context.imageClassifier.classify(bytes);
    await context.db
      .update(posts)
      .set({ nsfwScore: score, classifiedAt: context.clock.now() })
      .where(and(eq(posts.id, postId), eq(posts.mediaKey, mediaKey)));
  } catch (error) {
    if (error instanceof ClassificationUnavailable) {
      context.logger.warn({ postId, reason: error.message }, 'a post image was not classified');
      return;
    }
    throw error;
  }
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
