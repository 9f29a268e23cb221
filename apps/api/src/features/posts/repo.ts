import {
  and,
  eq,
  isNull,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import {
  PAGE_DEFAULT_LIMIT,
  PAGE_MAX_LIMIT,
  type SensitiveMediaPreference,
} from '@kindred/contracts';
import type { Database, Executor } from '../../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import {
  blocks,
  comments,
  follows,
  memberStats,
  mutes,
  photos,
  postLikes,
  postStats,
  posts,
  timelineEntries,
  users,
} from '../../db/schema.js';
import { afterKeyset, keysetTime, literalRows, type Keyset } from '../../db/keyset.js';
import { serializeOnSql } from '../../db/concurrency.js';
import { sensitiveMediaPreferenceSql } from '../image-safety/index.js';
import {
  memberSummaryColumns,
  notMutedBy,
  profilePictureJoin,
  toMemberSummary,
  visibleMembersWhere,
  type MemberSummary,
  type ViewerId,
} from '../users/index.js';
import { commentAuthorVisible, rowsOf } from './comment-visibility.js';
import { viewerFollows, visiblePostsWhere } from './policy.js';
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

/**
 * The viewer's side of a feed row, read by the page's own statement rather than by two more
 * statements per request (issue 18): whether they follow the author (for `canComment`), and their
 * sensitive-media choice (the same on every row; an uncorrelated subquery the database runs once).
 */
export interface ViewerPostState {
  viewerFollowsAuthor: boolean;
  /** Null: the viewer never saved a choice (the default applies). */
  viewerSensitiveMedia: SensitiveMediaPreference | null;
}

/**
 * A feed row also carries its author's summary: the page's statement already looks the author up
 * (only posts by members the viewer may see are on it), so joining them there costs a statement
 * less than reading the page's authors afterwards.
 */
export type FeedRow = PostRow & ViewerPostState & { author: MemberSummary };

function viewerStateColumns(viewerId: ViewerId) {
  return {
    viewerFollowsAuthor: sql<boolean>`${viewerFollows(viewerId, posts.authorId)}`,
    viewerSensitiveMedia: sensitiveMediaPreferenceSql(viewerId),
  };
}

/** Which posts a list shows, before the viewer's visibility (always applied on top). */
export type FeedScope =
  /** The General tab: public posts, plus the viewer's own posts whatever their privacy. */
  | { kind: 'general' }
  /** People You Follow: posts by members the viewer follows. */
  | { kind: 'following' }
  /** A member's profile. */
  | { kind: 'author'; authorId: string };

/** A feed page's parameters: values, or placeholders for them in a prepared statement. */
interface FeedParams {
  viewerId: ViewerId;
  authorId: string | null | Placeholder;
  afterTime: string | null | Placeholder;
  afterId: string | null | Placeholder;
}

const feedPlaceholders: FeedParams = {
  viewerId: sql.placeholder('viewerId'),
  authorId: sql.placeholder('authorId'),
  afterTime: sql.placeholder('afterTime'),
  afterId: sql.placeholder('afterId'),
};

/** SQL condition: the viewer follows the member whose id is in `memberIdColumn`. */
function followedBy(viewerId: ViewerId, memberIdColumn: AnyColumn | SQL): SQL {
  return sql`${memberIdColumn} in (
    select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId}
  )`;
}

function scopeWhere(kind: FeedScope['kind'], { viewerId, authorId }: FeedParams): SQL {
  switch (kind) {
    // The feeds leave out members the viewer muted (never the viewer: nobody mutes themself).
    case 'general':
      return sql`(${posts.privacy} = 'public' or ${posts.authorId} = ${viewerId}) and ${notMutedBy(viewerId, posts.authorId)}`;
    // As key lookups per row (`viewerFollows`): the scope is checked on a page's few posts.
    case 'following':
      return sql`${viewerFollows(viewerId, posts.authorId)} and ${notMutedBy(viewerId, posts.authorId)}`;
    case 'author':
      return sql`${posts.authorId} = ${authorId}::uuid`;
  }
}

/**
 * A feed page's statement: its scope (the General feed or a member's posts), whether it starts
 * after a cursor, and the rows it returns at most (`STATEMENT_ROWS`).
 */
interface FeedStatementKey {
  kind: Exclude<FeedScope['kind'], 'following'>;
  afterCursor: boolean;
  rows: number;
}

/**
 * Exactly the indexes' order (DESC NULLS LAST): plain DESC means NULLS FIRST, which the planner
 * cannot read from these indexes and would sort the whole feed instead.
 */
function newestFirst(
  createdAt: AnyColumn | SQL.Aliased | SQL,
  id: AnyColumn | SQL.Aliased | SQL,
): SQL[] {
  return [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];
}

/** After the cursor, on the posts' keyset (or another table's copy of it: the timeline's). */
function afterCursorWhere(
  afterCursor: boolean,
  p: FeedParams,
  createdAt: AnyColumn = posts.createdAt,
  id: AnyColumn = posts.id,
): SQL | undefined {
  if (!afterCursor) return undefined;
  return afterKeyset(createdAt, id, {
    time: p.afterTime as string | Placeholder,
    id: p.afterId as string | Placeholder,
  });
}

/**
 * `afterCursorWhere` for the General feed and a member's posts: the cursor's values reach the plan
 * as one-time subqueries (init plans, run once before the walk), which the planner prices alike
 * whatever the values. A plan made for one request's values priced the walk from near the newest
 * posts a few per cent below the generic plan, so PostgreSQL planned the General feed's later
 * pages anew on every request (issue 18: about 1.2 ms of their 2.3–2.8 ms of database CPU). The
 * walk is the same either way: the index from the cursor on. (People You Follow's statements keep
 * their generic plans with the plain bound.)
 */
function afterOpaqueCursorWhere(afterCursor: boolean, p: FeedParams): SQL | undefined {
  if (!afterCursor) return undefined;
  return afterKeyset(posts.createdAt, posts.id, {
    time: valueOfInitPlan(p.afterTime, 'timestamptz'),
    id: valueOfInitPlan(p.afterId, 'uuid'),
  });
}

/** `(select $n::type)`: a value the planner does not look into (see `afterOpaqueCursorWhere`). */
function valueOfInitPlan(value: string | null | Placeholder, type: 'timestamptz' | 'uuid') {
  // drizzle writes an SQL object given as a value into the statement as it is.
  return sql`(select ${value}::${sql.raw(type)})` as unknown as Placeholder;
}

function feedColumns(viewerId: ViewerId) {
  return { ...postColumns, ...viewerStateColumns(viewerId), author: memberSummaryColumns };
}

/**
 * A feed page's query. The General feed and a member's posts are built once per database and
 * variant and prepared (issue 18: building the statement was a large part of a page's API time,
 * and planning it a large part of its database time); the first page and the pages after a
 * cursor are separate statements, so the keyset stays a plain index bound. The row count is in
 * the text (`literalRows`): under `LIMIT $n` PostgreSQL planned the General feed's page anew on
 * every request, 0.9–1.2 ms of its 1.6–1.9 ms of database CPU on the 1M-post benchmark.
 */
function feedPageQuery(db: Database, key: FeedStatementKey, p: FeedParams) {
  return db
    .select(feedColumns(p.viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(photos, profilePictureJoin)
    .where(
      and(
        visiblePostsWhere(p.viewerId),
        scopeWhere(key.kind, p),
        notHiddenFromViewerWhere(p.viewerId),
        afterOpaqueCursorWhere(key.afterCursor, p),
      ),
    )
    .orderBy(...newestFirst(posts.createdAt, posts.id))
    .limit(literalRows(key.rows));
}

function feedStatementName(key: FeedStatementKey): string {
  return `feed_${key.kind}${key.afterCursor ? '_after' : ''}_${key.rows}`;
}

function prepareFeedPage(db: Database, key: FeedStatementKey) {
  return feedPageQuery(db, key, feedPlaceholders).prepare(feedStatementName(key));
}

/**
 * At most how many of the newest posts (after the cursor) People You Follow walks for a page. The
 * walk stops once it holds the page: a member following 500 of 100k members finds a page of 21
 * among some 5,000–7,000 of 1M posts. The bound only caps a walk that finds too few (a member who
 * follows few or quiet members); the page is then read per followed member instead.
 */
export const FOLLOWING_RECENT_WINDOW = 20_000;

/**
 * Up to how many followed members People You Follow reads the page per member without walking
 * first. The merge costs in proportion to the members followed (about 10 µs each), the walk
 * inversely to their share of the newest posts: a member following 15 quiet members paid a
 * walk of all 20,000 posts that found nothing (6–8 ms of database CPU a page) before the merge.
 * From `member_stats`, so it costs one key lookup; either way gives the same page.
 */
export const FOLLOWING_MERGE_UP_TO = 100;

/** SQL condition: the viewer follows more members than `FOLLOWING_MERGE_UP_TO`. */
function followsMany(viewerId: ViewerId): SQL {
  return sql`exists (
    select 1 from ${memberStats}
    where ${memberStats.userId} = ${viewerId}
      and ${memberStats.followingCount} > ${sql.raw(String(FOLLOWING_MERGE_UP_TO))}
  )`;
}

/**
 * The rows (a page and the one that tells of a next page) the feeds' statements are written for:
 * the default page and the largest. A page of another size is read with the next larger and cut.
 */
const STATEMENT_ROWS = [PAGE_DEFAULT_LIMIT + 1, PAGE_MAX_LIMIT + 1];

function statementRows(wanted: number): number {
  return STATEMENT_ROWS.find((count) => count >= wanted) ?? wanted;
}

/**
 * How many days back People You Follow's timeline rows go (timeline_entries; the database's
 * `timeline_since()`, migration 0028): a member's rows are complete for the posts since then.
 */
export const TIMELINE_DAYS = 30;

/**
 * Up to how many followers an author's posts are copied into their followers' timelines when
 * written (migration 0028's triggers; a post costs a row per follower). Past it the author's posts
 * are read when a follower reads the feed (`memberStats.timelinePulled`), from then on for good.
 */
export const TIMELINE_PUSH_MAX_FOLLOWERS = 1_000;

/**
 * At most how many of the viewer's timeline rows (after the cursor) a page's walk reads: it stops
 * at the page, so only this many rows in a row the viewer may not see (a muted member's) make it
 * read them all and leave the page to be read as without the timeline.
 */
const TIMELINE_WALK_MAX = 5_000;

/**
 * People You Follow's ways to a page: the viewer's timeline rows merged with the newest posts of
 * the few followed authors read at read time (`timeline`); else walk the newest posts and keep
 * the followed members' (`recent`), or take the newest few of each followed member and merge them
 * (`perFollowed`).
 */
interface FollowingStatementKey {
  read: 'timeline' | 'recent' | 'perFollowed';
  afterCursor: boolean;
  /** Rows returned at most (`STATEMENT_ROWS`). */
  rows: number;
  /** Newest posts walked at most (`recent` only). */
  window: number;
}

/** A People You Follow page chosen by ids and times alone: the subquery its posts are read from. */
type PageIds = Subquery & { id: AnyColumn | SQL.Aliased; createdAt: AnyColumn | SQL.Aliased };

/**
 * The page's posts whole, in the page's order: each read by primary key (a `LATERAL … LIMIT 1`
 * named "posts" like the table, so every condition on posts applies to it unchanged), with its
 * author and their picture, kept where `where` holds.
 */
function postsOfPage(
  db: Database,
  p: FeedParams,
  page: PageIds,
  where: SQL | undefined,
  rows: ReturnType<typeof literalRows>,
) {
  const postById = db
    .select()
    .from(posts)
    .where(sql`${posts.id} = ${page.id}`)
    .limit(literalRows(1))
    .as('posts');
  return db
    .select(feedColumns(p.viewerId))
    .from(page)
    .crossJoinLateral(postById)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(photos, profilePictureJoin)
    .where(where)
    .orderBy(...newestFirst(page.createdAt, page.id))
    .limit(rows);
}

/**
 * A People You Follow page's query. Every way chooses the page from ids and times alone and reads
 * only its posts whole (`postsOfPage`), in the order the ids came in: no statement sorts more
 * than the followed members' newest few.
 *
 * `recent`: the newest posts by date (posts_created_id), stopping at the page. The follows are
 * looked up as one hashed set (`… in (…) is true`: PostgreSQL turns a bare `in` into a hash join,
 * whose output has no order, and then read the whole window and sorted it: 5,000 posts read, 3.9
 * ms, for a page of 21). A walk that meets too few followed posts reads up to the window.
 *
 * `perFollowed`: for each followed member, their newest visible posts after the cursor (at most a
 * page, posts_author_created_id), merged: a cost in proportion to the members followed, where the
 * old fallback read every post of every followed member (16,261 buffers, 20 ms for 512 followed).
 * The candidates pass the posts' visibility rule inside the lateral, so a page is never cut short
 * by a post the rule takes out afterwards; the page's posts pass it again with the scope.
 */
function followingPageQuery(db: Database, key: FollowingStatementKey, p: FeedParams) {
  const after = afterCursorWhere(key.afterCursor, p);
  const visible = and(visiblePostsWhere(p.viewerId), notHiddenFromViewerWhere(p.viewerId), after);
  const rows = literalRows(key.rows);
  if (key.read === 'timeline') return timelinePageQuery(db, key, p, visible);
  if (key.read === 'recent') {
    const recent = db
      .select({ id: posts.id, authorId: posts.authorId, createdAt: posts.createdAt })
      .from(posts)
      .where(after)
      .orderBy(...newestFirst(posts.createdAt, posts.id))
      .limit(literalRows(key.window))
      .as('recent_posts');
    return postsOfPage(
      db,
      p,
      recent,
      and(
        // Checked once, before anything is read (a one-time filter).
        followsMany(p.viewerId),
        sql`(${followedBy(p.viewerId, recent.authorId)}) is true`,
        notMutedBy(p.viewerId, posts.authorId),
        visible,
      ),
      rows,
    );
  }
  const newest = db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(sql`${posts.authorId} = ${follows.followeeId}`, visible))
    .orderBy(...newestFirst(posts.createdAt, posts.id))
    .limit(rows)
    .as('followed_newest');
  const page = db
    .select({ id: newest.id, createdAt: newest.createdAt })
    .from(follows)
    .crossJoinLateral(newest)
    .where(
      and(sql`${follows.followerId} = ${p.viewerId}`, notMutedBy(p.viewerId, follows.followeeId)),
    )
    .orderBy(...newestFirst(newest.createdAt, newest.id))
    .limit(rows)
    .as('page');
  return postsOfPage(db, p, page, and(scopeWhere('following', p), visible), rows);
}

/**
 * People You Follow from the viewer's timeline (issue 18): their newest timeline rows since
 * `timeline_since()` whose posts pass the feed's rules (read by primary key, stopping at the page:
 * a row of an author the viewer no longer follows, muted or may not see is passed over), merged
 * with the newest posts since then of the followed authors not copied into timelines (a few
 * popular ones: their newest page each, posts_author_created_id), without repeats (an author
 * turned popular has rows from before). The rows are complete since `timeline_since()` only, so a
 * page is taken from here only when it is whole (`pageVisiblePosts`).
 */
function timelinePageQuery(
  db: Database,
  key: FollowingStatementKey,
  p: FeedParams,
  visible: SQL | undefined,
) {
  const rows = literalRows(key.rows);
  const since = sql`${posts.createdAt} >= timeline_since()`;
  // The viewer's rows in order (a subquery with its own ORDER BY stays one, in that order); the
  // lateral below checks each (inside its LIMIT 1, so PostgreSQL cannot turn the checks into joins
  // whose output it must sort: it stops at the page).
  const viewerRows = and(
    sql`${timelineEntries.memberId} = ${p.viewerId}`,
    sql`${timelineEntries.createdAt} >= timeline_since()`,
    afterCursorWhere(key.afterCursor, p, timelineEntries.createdAt, timelineEntries.postId),
  );
  const ordered = db
    .select({ postId: timelineEntries.postId, createdAt: timelineEntries.createdAt })
    .from(timelineEntries)
    .where(viewerRows)
    .orderBy(...newestFirst(timelineEntries.createdAt, timelineEntries.postId))
    .limit(literalRows(TIMELINE_WALK_MAX))
    .as('timeline');
  // The last row the walk may read (none: it may read them all), read once. A read-time author's
  // post older than it could be placed ahead of the viewer's rows the walk did not read, so none
  // is taken.
  const walkEnd = db
    .select({ createdAt: timelineEntries.createdAt, postId: timelineEntries.postId })
    .from(timelineEntries)
    .where(viewerRows)
    .orderBy(...newestFirst(timelineEntries.createdAt, timelineEntries.postId))
    .offset(literalRows(TIMELINE_WALK_MAX - 1))
    .limit(literalRows(1))
    .as('walk_end');
  const withinTheWalk = sql`(${posts.createdAt}, ${posts.id}) >= (
    coalesce(${walkEnd.createdAt}, '-infinity'::timestamptz),
    coalesce(${walkEnd.postId}, '00000000-0000-0000-0000-000000000000'::uuid)
  )`;
  const shown = db
    .select({ shown: sql`1`.as('shown') })
    .from(posts)
    .where(
      and(
        sql`${posts.id} = ${ordered.postId}`,
        viewerFollows(p.viewerId, posts.authorId),
        notMutedBy(p.viewerId, posts.authorId),
        visible,
      ),
    )
    .limit(literalRows(1))
    .as('shown');
  const fromTimeline = db
    .select({ id: ordered.postId, createdAt: ordered.createdAt })
    .from(ordered)
    .crossJoinLateral(shown)
    .orderBy(...newestFirst(ordered.createdAt, ordered.postId))
    .limit(rows);
  const newest = db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(sql`${posts.authorId} = ${follows.followeeId}`, since, withinTheWalk, visible))
    .orderBy(...newestFirst(posts.createdAt, posts.id))
    .limit(rows)
    .as('pulled_newest');
  const fromPulledAuthors = db
    .select({ id: newest.id, createdAt: newest.createdAt })
    .from(memberStats)
    .innerJoin(
      follows,
      and(sql`${follows.followerId} = ${p.viewerId}`, eq(follows.followeeId, memberStats.userId)),
    )
    .leftJoin(walkEnd, sql`true`)
    .crossJoinLateral(newest)
    .where(and(memberStats.timelinePulled, notMutedBy(p.viewerId, follows.followeeId)));
  const page = fromTimeline
    .union(fromPulledAuthors)
    // A union's columns are named as its first part's.
    .orderBy(...newestFirst(sql`created_at`, sql`post_id`))
    .limit(rows)
    .as('page');
  return postsOfPage(db, p, page, and(scopeWhere('following', p), visible), rows);
}

type FeedStatement = ReturnType<typeof prepareFeedPage>;
type FollowingStatement = ReturnType<ReturnType<typeof followingPageQuery>['prepare']>;
const feedStatements = new WeakMap<Database, Map<string, FeedStatement | FollowingStatement>>();

function statementsOf(db: Database) {
  let statements = feedStatements.get(db);
  if (!statements) {
    statements = new Map();
    feedStatements.set(db, statements);
  }
  return statements;
}

async function readFeedPage(db: Database, key: FeedStatementKey, params: FeedParams) {
  const statements = statementsOf(db);
  const name = feedStatementName(key);
  let statement = statements.get(name) as FeedStatement | undefined;
  if (!statement) {
    statement = prepareFeedPage(db, key);
    statements.set(name, statement);
  }
  return statement.execute({ ...params });
}

/**
 * People You Follow's statements are prepared too, one per way, cursor and row count (with the
 * default window; a test's other windows are planned each time).
 */
async function readFollowingPage(db: Database, key: FollowingStatementKey, params: FeedParams) {
  if (key.read === 'recent' && key.window !== FOLLOWING_RECENT_WINDOW) {
    return followingPageQuery(db, key, params);
  }
  const statements = statementsOf(db);
  const name = `feed_following_${key.read}${key.afterCursor ? '_after' : ''}_${key.rows}`;
  let statement = statements.get(name) as FollowingStatement | undefined;
  if (!statement) {
    statement = followingPageQuery(db, key, feedPlaceholders).prepare(name);
    statements.set(name, statement);
  }
  return statement.execute({ ...params });
}

/**
 * One page of the posts in `scope` that `viewerId` may see, newest first, after `after`.
 * Returns up to `limit + 1` rows (the extra one tells whether there is a next page).
 * People You Follow reads the viewer's timeline first; a page it cannot fill (a page reaching
 * back past `TIMELINE_DAYS`, or a feed with fewer posts) is read as before the timeline existed:
 * walk the newest posts after `after` (at most `recentWindow` of them), and when the walk finds
 * less than a page, read it per followed member.
 */
export async function pageVisiblePosts(
  db: Database,
  viewerId: string,
  scope: FeedScope,
  page: {
    after: Keyset | undefined;
    limit: number;
    recentWindow?: number;
    /** False: read People You Follow as without the timeline (tests compare the two). */
    timeline?: boolean;
  },
): Promise<FeedRow[]> {
  const params: FeedParams = {
    viewerId,
    authorId: scope.kind === 'author' ? scope.authorId : null,
    afterTime: page.after?.time ?? null,
    afterId: page.after?.id ?? null,
  };
  const afterCursor = page.after !== undefined;
  const wanted = page.limit + 1;
  const rows = statementRows(wanted);
  if (scope.kind !== 'following') {
    const found = await readFeedPage(db, { kind: scope.kind, afterCursor, rows }, params);
    return found.slice(0, wanted).map(toFeedRow);
  }
  if (page.timeline !== false) {
    const fromTimeline = await readFollowingPage(
      db,
      { read: 'timeline', afterCursor, rows, window: 0 },
      params,
    );
    if (fromTimeline.length >= wanted) return fromTimeline.slice(0, wanted).map(toFeedRow);
  }
  // Too few posts since the timeline's first day (the page reaches further back): as before.
  const window = page.recentWindow ?? FOLLOWING_RECENT_WINDOW;
  const recent = await readFollowingPage(db, { read: 'recent', afterCursor, rows, window }, params);
  if (recent.length >= wanted) return recent.slice(0, wanted).map(toFeedRow);
  const perFollowed = await readFollowingPage(
    db,
    { read: 'perFollowed', afterCursor, rows, window: 0 },
    params,
  );
  return perFollowed.slice(0, wanted).map(toFeedRow);
}

function toFeedRow<T extends { author: Parameters<typeof toMemberSummary>[0] }>(
  row: T,
): Omit<T, 'author'> & { author: MemberSummary } {
  return { ...row, author: toMemberSummary(row.author) };
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

export interface PostCounts {
  likes: Map<string, LikeStats>;
  comments: Map<string, number>;
}

/**
 * Members whose likes and comments the counters in post_stats may count wrongly for this viewer:
 * the counters treat every member as a stranger would see them (shown unless hidden from everyone,
 * users' visibility rule for a viewer who is nobody), so only the viewer themself and the members
 * in the viewer's two block lists can differ (a block is the only rule that depends on the
 * viewer). Usually one id: each probes the page's likes by its primary key.
 */
function membersSeenOtherwise(viewerId: ViewerId): SQL {
  return sql`(select ${viewerId}::uuid
    union all select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}::uuid
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}::uuid)`;
}

/**
 * Like counts with the viewer's own like, and visible comment counts, for each post, in one
 * statement, from the post's counters (post_stats, kept by triggers in the same transaction as
 * every change; migration 0025) rather than from every like and comment of the page (issue 18):
 *   - likes: the counter less the likes of members hidden from everyone, corrected for the few
 *     members the viewer sees otherwise (themself, their block lists), read by primary key;
 *   - comments: the counter of comments not deleted, less those the viewer does not see: a
 *     comment by an author the viewer may not see hides itself and the replies beneath it
 *     (comment-visibility.ts, whose `commentAuthorVisible` decides). Such authors are hidden from
 *     everyone (their comments flagged `author_hidden`, found by a partial index and only under
 *     posts whose counter says they have any) or blocked either way or muted (a few members,
 *     probed by author); only the threads beneath those comments are walked.
 * Prepared once per database (one SQL text for any number of posts: the ids travel as one array).
 */
function preparePostCounts(db: Database) {
  const viewerId = sql.placeholder('viewerId');
  // The page's posts as an init plan: PostgreSQL estimates `= any` of an array parameter at the
  // array's length in a plan made for its values and at ten in the generic plan, so a connection
  // whose first executions counted a few posts (a profile with two) planned every later execution
  // anew (1.3 ms of planning for 0.3 ms of work). An init plan's result is unknown to both plans,
  // which are then priced alike, and the generic one is kept.
  const postIds = sql`array(select unnest(${sql.placeholder('postIds')}::uuid[]))`;
  // Users' visibility rule for a viewer who is nobody (always null): whether a member is shown to
  // others, which is what the counters count.
  const nobody = sql.placeholder('nobody');
  const member = alias(users, 'liker');
  const counts = sql`(with recursive
    candidate_tops as (
      select ${comments.id} as id, ${comments.postId} as post_id, ${comments.authorId} as author_id,
        ${comments.deletedAt} as deleted_at
      from ${comments}
      where ${comments.postId} = any(array(
          select ${postStats.postId} from ${postStats}
          where ${postStats.postId} = any(${postIds}) and ${postStats.hiddenCommentsCount} > 0))
        and ${comments.authorHidden}
      union
      select ${comments.id}, ${comments.postId}, ${comments.authorId}, ${comments.deletedAt}
      from ${comments}
      where ${comments.postId} = any(${postIds}) and ${comments.authorId} in (
        select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}::uuid
        union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}::uuid
        union all select ${mutes.mutedId} from ${mutes} where ${mutes.muterId} = ${viewerId}::uuid)
    ),
    unseen_comments as (
      select id, post_id, deleted_at from candidate_tops
      where not ${commentAuthorVisible(viewerId, sql`candidate_tops.author_id`)}
      union
      select c.id, c.post_id, c.deleted_at
      from ${comments} c join unseen_comments parent on c.parent_id = parent.id
    ),
    unseen_counts as (
      select post_id, count(*)::int as count from unseen_comments
      where deleted_at is null group by post_id
    ),
    probed_likes as (
      select ${postLikes.postId} as post_id,
        bool_or(${postLikes.userId} = ${viewerId}::uuid) as liked_by_viewer,
        sum(case when ${visibleMembersWhere(viewerId, member)} then 1 else 0 end
          - case when ${visibleMembersWhere(nobody, member)} then 1 else 0 end)::int as correction
      from ${postLikes} inner join ${users} ${member} on ${member.id} = ${postLikes.userId}
      where ${postLikes.postId} = any(${postIds})
        and ${postLikes.userId} in ${membersSeenOtherwise(viewerId)}
      group by ${postLikes.postId}
    )
    select ${postStats.postId} as post_id,
      ${postStats.likesCount} - ${postStats.hiddenLikesCount} + coalesce(probed_likes.correction, 0) as likes_count,
      coalesce(probed_likes.liked_by_viewer, false) as liked_by_viewer,
      ${postStats.commentsCount} - coalesce(unseen_counts.count, 0) as comments_count
    from ${postStats}
    left join probed_likes on probed_likes.post_id = ${postStats.postId}
    left join unseen_counts on unseen_counts.post_id = ${postStats.postId}
    where ${postStats.postId} = any(${postIds})) counts`;
  return db
    .select({
      postId: sql<string>`counts.post_id::text`,
      likesCount: sql<number>`counts.likes_count`,
      likedByViewer: sql<boolean>`counts.liked_by_viewer`,
      commentsCount: sql<number>`counts.comments_count`,
    })
    .from(counts)
    .prepare('post_counts');
}

const postCountsStatements = new WeakMap<Database, ReturnType<typeof preparePostCounts>>();

export async function loadPostCounts(
  db: Database,
  viewerId: string,
  postIds: readonly string[],
): Promise<PostCounts> {
  const counts: PostCounts = { likes: new Map(), comments: new Map() };
  if (postIds.length === 0) return counts;
  let statement = postCountsStatements.get(db);
  if (!statement) {
    statement = preparePostCounts(db);
    postCountsStatements.set(db, statement);
  }
  for (const row of await statement.execute({ viewerId, postIds: [...postIds], nobody: null })) {
    counts.likes.set(row.postId, {
      count: Number(row.likesCount),
      likedByViewer: row.likedByViewer,
    });
    counts.comments.set(row.postId, Number(row.commentsCount));
  }
  return counts;
}

/**
 * The post, if `viewerId` may see it, taking the like toggle's lock on the pair (`serializeOn`) in
 * the same statement: toggles by the same member on the same post run one after the other.
 */
export async function findVisiblePostForLike(
  tx: Executor,
  viewerId: string,
  postId: string,
): Promise<{ authorId: string } | undefined> {
  const [row] = await tx
    .select({
      authorId: posts.authorId,
      locked: serializeOnSql(`like:${postId}:${viewerId}`),
    })
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostsWhere(viewerId)));
  return row && { authorId: row.authorId };
}

/**
 * Adds the like, or removes it if it was there, in one statement; run after
 * `findVisiblePostForLike` in the same transaction. The count is the post's counter (post_stats,
 * which a trigger keeps with every like and unlike) as this statement found it, plus the change it
 * made: one row read, whatever the post's popularity. Unlike the feed's counts it does not hide
 * likes of members the liker may not see: the write path would have to read every like to do that
 * (issue 18); the post's next read is exact.
 */
export async function toggleLikeRow(
  tx: Executor,
  postId: string,
  userId: string,
  now: Date,
): Promise<{ isLiked: boolean; likesCount: number }> {
  // The delete sees the rows from before the statement: it finds the pair's like only when the
  // insert found one there and did nothing.
  const result = await tx.execute(sql`with inserted as (
      insert into ${postLikes} (post_id, user_id, created_at)
      values (${postId}, ${userId}, ${now.toISOString()})
      on conflict do nothing
      returning 1
    ), removed as (
      delete from ${postLikes}
      where ${postLikes.postId} = ${postId} and ${postLikes.userId} = ${userId}
        and not exists (select 1 from inserted)
      returning 1
    )
    select exists (select 1 from inserted) as "isLiked",
      coalesce((select ${postStats.likesCount} from ${postStats} where ${postStats.postId} = ${postId}), 0)
        + case when exists (select 1 from inserted) then 1
               when exists (select 1 from removed) then -1 else 0 end as "likesCount"`);
  const [row] = rowsOf<{ isLiked: boolean; likesCount: number }>(result);
  return { isLiked: row!.isLiked, likesCount: Number(row!.likesCount) };
}
