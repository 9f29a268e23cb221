import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.js';
import { commentMentions, comments, photos, posts, users } from '../../db/schema.js';
import {
  commentAuthorVisible,
  rowsOf,
  visibleCommentsCte,
  visiblePostsWhere,
} from '../posts/index.js';
import {
  followsMemberWhere,
  mentionAllowedWhere,
  toMemberSummary,
  visibleMemberJoin,
  visibleMembersWhere,
  type MemberSummary,
} from '../users/index.js';

/**
 * The queries behind comments. Callers check the post's visibility first, and every read starts
 * from the posts policy's `visible_comments` (posts/comment-visibility.ts).
 */

export interface CommentRow {
  id: string;
  postId: string;
  parentId: string | null;
  authorId: string | null;
  content: string;
  deleted: boolean;
  /** ISO 8601 (milliseconds). */
  createdAt: string;
  /** ISO 8601 (milliseconds) of the author's last edit, or null. */
  editedAt: string | null;
}

const commentRowColumns = sql`
  id::text as "id",
  post_id::text as "postId",
  parent_id::text as "parentId",
  author_id::text as "authorId",
  content,
  deleted_at is not null as "deleted",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "editedAt"`;

export interface ThreadCommentRow extends CommentRow {
  /** The author as the viewer sees them; null for a deleted placeholder or a deleted account. */
  author: MemberSummary | null;
  /** The members the comment mentions that the viewer may see (none for a placeholder). */
  mentions: MentionedMemberRow[];
  /** The posts policy's `commentAuthorVisible` for the viewer (`visibleThread` reads it). */
  authorVisible: boolean;
}

const threadAuthor = alias(users, 'thread_author');
const mentionedMember = alias(users, 'mentioned_member');

/**
 * A comment of the thread as the statement encodes it: a JSON array, so the driver parses the
 * whole thread with one JSON.parse instead of 200 rows of 16 typed columns. Timestamps of the
 * author's badges come as PostgreSQL's JSON text; only whether they are set matters.
 */
type ThreadJsonComment = [
  id: string,
  parentId: string | null,
  authorId: string | null,
  content: string,
  deleted: boolean,
  createdAt: string,
  editedAt: string | null,
  authorVisible: boolean,
  author:
    | [
        firstName: string,
        lastName: string,
        emailVerifiedAt: string | null,
        totpEnabledAt: string | null,
        phoneVerifiedAt: string | null,
        photoVerifiedAt: string | null,
        thumbnailKey: string | null,
      ]
    | null,
  mentions: [id: string, firstName: string, lastName: string][] | null,
];

const isoMilliseconds = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every comment of a post in one prepared statement, as one JSON array, oldest first: each with
 * whether the comment policy shows its author to the viewer, its author's summary and the members
 * it mentions whom the viewer may see. The thread is read by its post (`comments_post_created`)
 * and each author's row once: the recursive `visible_comments` walked the thread level by level
 * and looked every author up twice (issue 18: 3,133 → about 1,900 buffers on a thread of 200
 * comments); `visibleThread` then keeps what the policy shows. The post's visibility
 * (`visiblePostsWhere`) is checked in the same statement: no row when the viewer may not see the
 * post, which spared a statement the query builder built on every request (about 0.9 ms of the
 * API's CPU and 0.7 ms of PostgreSQL's on the bench thread, issue 18).
 */
function prepareThreadQuery(db: Database) {
  const viewerId = sql.placeholder('viewerId');
  const postId = sql.placeholder('postId');
  const live = sql`c.deleted_at is null`;
  // Mentions are recorded only from `@[Name](id)` tokens in the text (`insertMentions`, here): a
  // comment without one has none, and is not looked up (most comments; 200 lookups a thread).
  const mayMention = sql`c.content like '%@[%'`;
  const comment = sql`json_build_array(
    c.id, c.parent_id, c.author_id, c.content, c.deleted_at is not null,
    ${isoMilliseconds(sql`c.created_at`)}, ${isoMilliseconds(sql`c.edited_at`)},
    ${commentAuthorVisible(viewerId, sql`c.author_id`, threadAuthor)},
    case when ${live} and ${threadAuthor.id} is not null then json_build_array(
      ${threadAuthor.firstName}, ${threadAuthor.lastName}, ${threadAuthor.emailVerifiedAt},
      ${threadAuthor.totpEnabledAt}, ${threadAuthor.phoneVerifiedAt}, ${threadAuthor.photoVerifiedAt},
      (select ${photos.thumbnailKey} from ${photos}
        where ${photos.userId} = ${threadAuthor.id} and ${photos.position} = 0)
    ) end,
    case when ${live} and ${mayMention} then (
      select json_agg(json_build_array(${mentionedMember.id}, ${mentionedMember.firstName}, ${mentionedMember.lastName}))
      from ${commentMentions}
      join ${users} ${mentionedMember} on ${mentionedMember.id} = ${commentMentions.userId}
        and ${visibleMembersWhere(viewerId, mentionedMember)}
      where ${commentMentions.commentId} = c.id
    ) end
  )`;
  return db
    .select({
      thread: sql`(select coalesce(json_agg(${comment} order by c.created_at, c.id), '[]'::json)
        from ${comments} c left join ${users} ${threadAuthor} on "thread_author"."id" = c.author_id
        where c.post_id = "posts"."id")`.as('thread'),
    })
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostsWhere(viewerId)))
    .prepare('comments_thread');
}

type ThreadQuery = ReturnType<typeof prepareThreadQuery>;

/**
 * The statement's one row as the driver returns it: both drivers' prepared queries have `all()`
 * beside `execute()`, the same statement without the query builder's mapping.
 */
async function threadStatement(
  query: ThreadQuery,
  values: { viewerId: string; postId: string },
): Promise<ThreadJsonComment[] | undefined> {
  const rows = await (
    query as unknown as { all(values: object): Promise<{ thread: ThreadJsonComment[] }[]> }
  ).all(values);
  return rows[0]?.thread;
}

const threadQueries = new WeakMap<Database, ThreadQuery>();

/** A timestamp as the statement's JSON carries it, as a Date. */
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/**
 * Every comment of a post, oldest first, with its author and mentions and whether the viewer may
 * see its author: pass it through `visibleThread` (posts' comment policy) before showing it.
 * Undefined when the viewer may not see the post.
 */
export async function loadCommentThread(
  db: Database,
  viewerId: string,
  postId: string,
): Promise<ThreadCommentRow[] | undefined> {
  let query = threadQueries.get(db);
  if (!query) {
    query = prepareThreadQuery(db);
    threadQueries.set(db, query);
  }
  const thread = await threadStatement(query, { viewerId, postId });
  return thread?.map(
    ([
      id,
      parentId,
      authorId,
      content,
      deleted,
      createdAt,
      editedAt,
      authorVisible,
      author,
      mentions,
    ]) => ({
      id,
      postId,
      parentId,
      authorId,
      content,
      deleted,
      createdAt,
      editedAt,
      authorVisible,
      author:
        authorId !== null && author !== null
          ? toMemberSummary({
              id: authorId,
              firstName: author[0],
              lastName: author[1],
              emailVerifiedAt: dateOrNull(author[2]),
              totpEnabledAt: dateOrNull(author[3]),
              phoneVerifiedAt: dateOrNull(author[4]),
              photoVerifiedAt: dateOrNull(author[5]),
              thumbnailKey: author[6],
            })
          : null,
      mentions: (mentions ?? []).map(([memberId, firstName, lastName]) => ({
        id: memberId,
        firstName,
        lastName,
      })),
    }),
  );
}

/** One visible comment of a post (deleted placeholders included), or undefined. */
export async function findVisibleComment(
  db: Executor,
  viewerId: string,
  postId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  const result = await db.execute(sql`${visibleCommentsCte(viewerId, [postId])}
    select ${commentRowColumns} from visible_comments where id = ${commentId}::uuid`);
  return rowsOf<CommentRow>(result)[0];
}

/**
 * The actor's own comment on the post (not a deleted placeholder), whatever they may see of the post
 * today: a member who lost access to a post (unfollowed a followers-only author, …) still owns what
 * they wrote there. Undefined for anyone else's comment.
 */
export async function findOwnComment(
  db: Executor,
  authorId: string,
  postId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  const result = await db.execute(sql`select ${commentRowColumns} from comments
    where id = ${commentId}::uuid and post_id = ${postId}::uuid
      and author_id = ${authorId}::uuid and deleted_at is null`);
  return rowsOf<CommentRow>(result)[0];
}

export async function insertComment(
  tx: Executor,
  values: {
    postId: string;
    authorId: string;
    parentId: string | null;
    content: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

export async function insertMentions(
  tx: Executor,
  commentId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(commentMentions)
    .values(userIds.map((userId) => ({ commentId, userId })))
    .onConflictDoNothing();
}

export interface MentionedMemberRow {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Which of these ids the author may mention, in one query: members `viewerId` may see who accept
 * mentions from them (users' `mentionAllowedWhere`: their "who can mention me"). A mention of
 * anyone else stays plain text — no mention row, no link.
 */
export async function visibleMembersAmong(
  db: Executor,
  viewerId: string,
  ids: readonly string[],
): Promise<Map<string, MentionedMemberRow>> {
  const members = new Map<string, MentionedMemberRow>();
  if (ids.length === 0) return members;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        visibleMembersWhere(viewerId),
        mentionAllowedWhere(viewerId, users.id),
      ),
    );
  for (const row of rows) members.set(row.id, row);
  return members;
}

/** The members each comment mentions that `viewerId` may see, in one query. */
export async function loadMentions(
  db: Database,
  viewerId: string,
  commentIds: readonly string[],
): Promise<Map<string, MentionedMemberRow[]>> {
  const mentions = new Map<string, MentionedMemberRow[]>();
  if (commentIds.length === 0) return mentions;
  const rows = await db
    .select({
      commentId: commentMentions.commentId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(commentMentions)
    .innerJoin(users, visibleMemberJoin(viewerId, commentMentions.userId))
    .where(inArray(commentMentions.commentId, [...commentIds]));
  for (const { commentId, ...member } of rows) {
    const list = mentions.get(commentId) ?? [];
    list.push(member);
    mentions.set(commentId, list);
  }
  return mentions;
}

/**
 * Locks a comment row for the rest of the transaction and reports whether it has replies.
 * Holding the lock keeps a reply from being attached while the comment is removed (the reply's
 * foreign-key check waits for us, then fails instead of being deleted by the cascade).
 */
export async function lockCommentForDelete(
  tx: Executor,
  commentId: string,
): Promise<{ parentId: string | null; deleted: boolean; hasReplies: boolean } | undefined> {
  const [row] = await tx
    .select({ parentId: comments.parentId, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.id, commentId))
    .for('update');
  if (!row) return undefined;
  const [reply] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.parentId, commentId))
    .limit(1);
  return {
    parentId: row.parentId,
    deleted: row.deletedAt !== null,
    hasReplies: reply !== undefined,
  };
}

/** Keeps the comment as a placeholder: content and mentions go, replies stay attached. */
export async function markCommentDeleted(
  tx: Executor,
  commentId: string,
  now: Date,
): Promise<void> {
  await tx.update(comments).set({ content: '', deletedAt: now }).where(eq(comments.id, commentId));
  await tx.delete(commentMentions).where(eq(commentMentions.commentId, commentId));
}

export async function deleteCommentRow(tx: Executor, commentId: string): Promise<void> {
  await tx.delete(comments).where(eq(comments.id, commentId));
}

/**
 * The author's new content, and its mentions rewritten to match, in the caller's transaction.
 * Returns false when the comment is no longer the author's live comment (deleted meanwhile).
 */
export async function rewriteComment(
  tx: Executor,
  commentId: string,
  authorId: string,
  edit: { content: string; mentionedIds: readonly string[]; editedAt: Date },
): Promise<boolean> {
  const [row] = await tx
    .update(comments)
    .set({ content: edit.content, editedAt: edit.editedAt })
    .where(
      and(eq(comments.id, commentId), eq(comments.authorId, authorId), isNull(comments.deletedAt)),
    )
    .returning({ id: comments.id });
  if (!row) return false;
  await tx.delete(commentMentions).where(eq(commentMentions.commentId, commentId));
  await insertMentions(tx, commentId, edit.mentionedIds);
  return true;
}

/**
 * What a new account already sent to strangers (members who do not follow it): comments on their
 * posts, and mentions of them. For the new-account limits (users' `assertWithinNewAccountLimit`).
 */
export async function countStrangerContacts(
  db: Executor,
  authorId: string,
): Promise<{ comments: number; mentions: number }> {
  const result = await db.execute(sql`select
    (select count(*)::int from ${comments} c join ${posts} p on p.id = c.post_id
      where c.author_id = ${authorId}::uuid and p.author_id <> ${authorId}::uuid
        and not ${followsMemberWhere(sql`p.author_id`, authorId)}) as "comments",
    (select count(*)::int from ${commentMentions} m join ${comments} c on c.id = m.comment_id
      where c.author_id = ${authorId}::uuid and m.user_id <> ${authorId}::uuid
        and not ${followsMemberWhere(sql`m.user_id`, authorId)}) as "mentions"`);
  const [row] = rowsOf<{ comments: number; mentions: number }>(result);
  return { comments: Number(row?.comments ?? 0), mentions: Number(row?.mentions ?? 0) };
}

/** Which of these members do not follow `userId` (strangers to them), in one query. */
export async function strangersAmong(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<string[]> {
  const others = [...new Set(ids)].filter((id) => id !== userId);
  if (others.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, others), sql`not ${followsMemberWhere(users.id, userId)}`));
  return rows.map((row) => row.id);
}
