import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { follows, postLikes, postStats, posts, users } from '../../db/schema.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import { notMutedBy, visibleMemberJoin } from '../users/index.js';
import { visiblePostsWhere } from './policy.js';
import { notHiddenFromViewerWhere } from './sensitivity.js';

/** The queries behind posts and likes. Every read that returns posts applies the policy's filter. */

export const postColumns = {
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  description: posts.description,
  privacy: posts.privacy,
  mediaKey: posts.mediaKey,
  mediaType: posts.mediaType,
  mediaWidth: posts.mediaWidth,
  mediaHeight: posts.mediaHeight,
  createdAt: posts.createdAt,
  editedAt: posts.editedAt,
  commentPolicy: posts.commentPolicy,
  nsfwScore: posts.nsfwScore,
  sensitiveByAuthor: posts.sensitiveByAuthor,
  sensitiveByModerator: posts.sensitiveByModerator,
  altText: posts.altText,
  keysetTime: keysetTime(posts.createdAt),
};

export type PostRow = {
  id: string;
  authorId: string;
  title: string;
  description: string;
  privacy: 'public' | 'followers' | 'private';
  mediaKey: string | null;
  mediaType: 'image' | 'video' | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  createdAt: Date;
  editedAt: Date | null;
  commentPolicy: 'everyone' | 'followers' | 'nobody';
  /** The NSFW model's score of the image; null while it waits, and for videos (sensitivity.ts). */
  nsfwScore: number | null;
  sensitiveByAuthor: boolean;
  sensitiveByModerator: boolean;
  altText: string | null;
  keysetTime: string;
};

/** Which posts a list shows, before the viewer's visibility (always applied on top). */
export type FeedScope =
  /** The General tab: public posts, plus the viewer's own posts whatever their privacy. */
  | { kind: 'general' }
  /** People You Follow: posts by members the viewer follows. */
  | { kind: 'following' }
  /** A member's profile. */
  | { kind: 'author'; authorId: string };

function scopeWhere(scope: FeedScope, viewerId: string): SQL {
  switch (scope.kind) {
    // The feeds leave out members the viewer muted (never the viewer: nobody mutes themself).
    case 'general':
      return sql`(${posts.privacy} = 'public' or ${posts.authorId} = ${viewerId}) and ${notMutedBy(viewerId, posts.authorId)}`;
    case 'following':
      return sql`${posts.authorId} in (
        select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId}
      ) and ${notMutedBy(viewerId, posts.authorId)}`;
    case 'author':
      return eq(posts.authorId, scope.authorId);
  }
}

/**
 * How many of the newest posts People You Follow looks through first. A member following hundreds
 * finds a page among them; the planner cannot know that (it estimated 22 followed members for 521
 * and read all 25k of their posts to sort them: 90–200 ms on 1M posts, against 3–6 ms for this
 * window, issue 18), so the window is spelled out rather than left to its estimates.
 */
export const FOLLOWING_RECENT_WINDOW = 5000;

/**
 * One page of the posts in `scope` that `viewerId` may see, newest first, after `after`.
 * Returns up to `limit + 1` rows (the extra one tells whether there is a next page).
 * People You Follow first reads the page from the `recentWindow` newest posts after `after` (one
 * walk of posts_created_id, whatever the planner thinks of the viewer's follows); only when that
 * window holds less than a page does it ask for the page from all posts.
 */
export async function pageVisiblePosts(
  db: Database,
  viewerId: string,
  scope: FeedScope,
  page: { after: Keyset | undefined; limit: number; recentWindow?: number },
): Promise<PostRow[]> {
  const where = and(
    visiblePostsWhere(viewerId),
    scopeWhere(scope, viewerId),
    notHiddenFromViewerWhere(viewerId),
    page.after ? afterKeyset(posts.createdAt, posts.id, page.after) : undefined,
  );
  // Exactly the indexes' order (DESC NULLS LAST): plain DESC means NULLS FIRST, which the
  // planner cannot read from these indexes and would sort the whole feed instead.
  const feedOrder = [sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`];
  if (scope.kind === 'following') {
    // Named "posts" like the table, so every condition above applies to the window unchanged.
    const recentPosts = db
      .select()
      .from(posts)
      .where(page.after ? afterKeyset(posts.createdAt, posts.id, page.after) : undefined)
      .orderBy(...feedOrder)
      .limit(page.recentWindow ?? FOLLOWING_RECENT_WINDOW)
      .as('posts');
    const fromWindow = await db
      .select(postColumns)
      .from(recentPosts)
      .where(where)
      .orderBy(...feedOrder)
      .limit(page.limit + 1);
    if (fromWindow.length > page.limit) return fromWindow as PostRow[];
  }
  return db
    .select(postColumns)
    .from(posts)
    .where(where)
    .orderBy(...feedOrder)
    .limit(page.limit + 1);
}

/** The post, if `viewerId` may see it. */
export async function findVisiblePost(
  db: Executor,
  viewerId: string,
  postId: string,
): Promise<PostRow | undefined> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostsWhere(viewerId)));
  return row;
}

export async function insertPost(
  db: Executor,
  values: typeof posts.$inferInsert,
): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning(postColumns);
  return row!;
}

/** Records the media's pixel size on a post that had none (posts made before sizes were kept). */
export async function setMediaDimensions(
  db: Database,
  postId: string,
  size: { width: number; height: number },
): Promise<void> {
  await db
    .update(posts)
    .set({ mediaWidth: size.width, mediaHeight: size.height })
    .where(and(eq(posts.id, postId), isNull(posts.mediaWidth)));
}

/**
 * Deletes the post if `authorId` wrote it (comments, likes and mentions cascade). Returns whether a
 * row went, and its media key so the caller can remove the file once the delete is committed.
 */
export async function deletePostOfAuthor(
  db: Database,
  postId: string,
  authorId: string,
): Promise<{ deleted: boolean; mediaKey: string | null }> {
  const [row] = await db
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .returning({ mediaKey: posts.mediaKey });
  return { deleted: row !== undefined, mediaKey: row?.mediaKey ?? null };
}

// ---------------------------------------------------------------------------------------------
// Likes. Counts only include members the viewer may see, like every other list of people.

export interface LikeStats {
  count: number;
  likedByViewer: boolean;
}

/** Like count and the viewer's own like for each post, in one query. */
export async function loadLikeStats(
  db: Database,
  viewerId: string,
  postIds: readonly string[],
): Promise<Map<string, LikeStats>> {
  const stats = new Map<string, LikeStats>();
  if (postIds.length === 0) return stats;
  const rows = await db
    .select({
      postId: postLikes.postId,
      count: sql<number>`count(*)::int`,
      likedByViewer: sql<boolean>`bool_or(${postLikes.userId} = ${viewerId})`,
    })
    .from(postLikes)
    .innerJoin(users, visibleMemberJoin(viewerId, postLikes.userId))
    .where(inArray(postLikes.postId, [...postIds]))
    .groupBy(postLikes.postId);
  for (const row of rows)
    stats.set(row.postId, { count: row.count, likedByViewer: row.likedByViewer });
  return stats;
}

/**
 * How many members like the post, from the counter the database keeps with every like and unlike
 * (post_stats): one row read, whatever the post's popularity. Unlike the feed's counts it does not
 * hide likes of members the viewer may not see: the write path would have to read every like to
 * do that (issue 18); the post's next read is exact.
 */
export async function likesCountOf(db: Executor, postId: string): Promise<number> {
  const [row] = await db
    .select({ count: postStats.likesCount })
    .from(postStats)
    .where(eq(postStats.postId, postId));
  return row?.count ?? 0;
}

/** Adds the like, or removes it if it was there. Run inside a transaction serialized on the pair. */
export async function toggleLikeRow(
  tx: Executor,
  postId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(postLikes)
    .values({ postId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  if (inserted.length > 0) return true;
  await tx.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
  return false;
}
