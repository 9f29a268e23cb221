import {
  COMMENT_MESSAGES,
  mentionedUserIds,
  POST_MESSAGES,
  type CommentDto,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../db/concurrency.js';
import { notifyAboutComment } from '../notifications/index.js';
import { assertMayComment, findVisiblePost } from '../posts/index.js';
import { loadMemberSummaries, type MemberSummary } from '../users/index.js';
import { assertNewAccountMayContact } from './new-account-limits.js';
import { assertCanDeleteComment } from './policy.js';
import { presentComment, presentCommentTree } from './presenter.js';
import { visibleThread } from './visible-thread.js';
import {
  deleteCommentRow,
  findOwnComment,
  findVisibleComment,
  insertComment,
  insertMentions,
  loadCommentThread,
  lockCommentForDelete,
  markCommentDeleted,
  visibleMembersAmong,
  type CommentRow,
  type MentionedMemberRow,
} from './repo.js';

/** Comments, replies and mentions: the domain logic behind /api/posts/{postId}/comments. */

/** The comment tree of a post the viewer may see. */
export async function listComments(
  context: AppContext,
  viewerId: string,
  postId: string,
): Promise<CommentDto[]> {
  const { db } = context;
  // The post's visibility is checked in the thread's statement: undefined when hidden.
  const thread = await loadCommentThread(db, viewerId, postId);
  if (!thread) throw notFound(POST_MESSAGES.notFound);
  const rows = visibleThread(thread);
  const authors = new Map<string, MemberSummary>();
  const mentions = new Map<string, MentionedMemberRow[]>();
  for (const row of rows) {
    if (row.author) authors.set(row.author._id, row.author);
    if (row.mentions.length > 0) mentions.set(row.id, row.mentions);
  }
  return presentCommentTree(rows, { viewerId, authors, mentions });
}

export interface NewComment {
  content: string;
  parentCommentId?: string | null | undefined;
}

/**
 * Adds a comment, or a reply when `parentCommentId` names a visible comment of the same post.
 * Mentions (`@[Name](id)`) of members the author may see are recorded; any other mention stays plain text.
 */
export async function addComment(
  context: AppContext,
  authorId: string,
  postId: string,
  input: NewComment,
): Promise<CommentDto> {
  const { db } = context;
  const parentId = input.parentCommentId ?? null;
  const post = await findVisiblePost(db, authorId, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  let parentAuthorId: string | null = null;
  if (parentId) {
    const parent = await findVisibleComment(db, authorId, postId, parentId);
    if (!parent || parent.deleted) throw notFound(COMMENT_MESSAGES.notFound);
    parentAuthorId = parent.authorId;
  }
  await assertMayComment(db, authorId, post);
  const mentioned = await visibleMembersAmong(db, authorId, mentionedUserIds(input.content));
  await assertNewAccountMayContact(context, authorId, {
    postAuthorId: post.authorId,
    mentionedIds: [...mentioned.keys()],
  });
  const createdAt = context.clock.now();

  let commentId: string;
  try {
    const values = { postId, authorId, parentId, content: input.content, createdAt };
    // A comment without mentions is one INSERT, atomic on its own: no BEGIN/COMMIT round trips.
    commentId =
      mentioned.size === 0
        ? await insertComment(db, values)
        : await db.transaction(async (tx) => {
            const id = await insertComment(tx, values);
            await insertMentions(tx, id, [...mentioned.keys()]);
            return id;
          });
  } catch (error) {
    // The post, or the comment replied to, was deleted meanwhile.
    if (isForeignKeyViolation(error)) {
      throw notFound(parentId ? COMMENT_MESSAGES.notFound : POST_MESSAGES.notFound);
    }
    throw error;
  }
  await notifyAboutComment(context, {
    actorId: authorId,
    postId,
    postAuthorId: post.authorId,
    commentId,
    parentAuthorId,
    mentionedIds: [...mentioned.keys()],
  });

  const authors = await loadMemberSummaries(db, authorId, [authorId]);
  return presentComment(
    {
      id: commentId,
      postId,
      parentId,
      authorId,
      content: input.content,
      deleted: false,
      createdAt: createdAt.toISOString(),
      editedAt: null,
    },
    { viewerId: authorId, authors, mentions: new Map([[commentId, [...mentioned.values()]]]) },
  );
}

/**
 * Only its author deletes a comment. With replies it stays as a placeholder (content and mentions
 * removed) so the replies keep their place; without, the row goes — and so does any placeholder
 * above it that this leaves with nothing beneath.
 */
export async function deleteComment(
  context: AppContext,
  actorId: string,
  postId: string,
  commentId: string,
): Promise<void> {
  const { db } = context;
  const comment = await findCommentToChange(db, actorId, postId, commentId);
  assertCanDeleteComment(actorId, comment);

  await db.transaction(async (tx) => {
    if (!(await removeComment(tx, commentId, context.clock.now()))) {
      throw notFound(COMMENT_MESSAGES.notFound);
    }
  });
}

/**
 * The comment an edit or delete is about. Its author reaches it whether or not they may still see the
 * post (authors can always delete and edit what they wrote); anyone else reaches only a comment they
 * can see — then refused by the policy — and otherwise hears "not found", as for any hidden post.
 */
export async function findCommentToChange(
  db: Executor,
  actorId: string,
  postId: string,
  commentId: string,
): Promise<CommentRow> {
  const own = await findOwnComment(db, actorId, postId, commentId);
  if (own) return own;
  if (!(await findVisiblePost(db, actorId, postId))) throw notFound(POST_MESSAGES.notFound);
  const comment = await findVisibleComment(db, actorId, postId, commentId);
  if (!comment || comment.deleted) throw notFound(COMMENT_MESSAGES.notFound);
  return comment;
}

/**
 * Removes a comment in the caller's transaction — its author's delete, or a moderator's "remove":
 * with replies it stays as a placeholder, without them the row goes, and so does any placeholder
 * above it left with nothing beneath. False when it was already gone.
 */
export async function removeComment(tx: Executor, commentId: string, now: Date): Promise<boolean> {
  const locked = await lockCommentForDelete(tx, commentId);
  if (!locked || locked.deleted) return false;
  if (locked.hasReplies) {
    await markCommentDeleted(tx, commentId, now);
    return true;
  }
  await deleteCommentRow(tx, commentId);
  for (let parentId = locked.parentId; parentId;) {
    const parent = await lockCommentForDelete(tx, parentId);
    if (!parent || !parent.deleted || parent.hasReplies) break;
    await deleteCommentRow(tx, parentId);
    parentId = parent.parentId;
  }
  return true;
}
