import {
  COMMENT_MESSAGES,
  mentionedUserIds,
  POST_MESSAGES,
  type CommentDto,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../db/concurrency.js';
import { findVisiblePost } from '../posts/index.js';
import { loadMemberSummaries } from '../users/index.js';
import { assertCanDeleteComment } from './policy.js';
import { presentComment, presentCommentTree } from './presenter.js';
import {
  deleteCommentRow,
  findVisibleComment,
  insertComment,
  insertMentions,
  loadMentions,
  loadVisibleComments,
  lockCommentForDelete,
  markCommentDeleted,
  visibleMembersAmong,
} from './repo.js';

/** Comments, replies and mentions: the domain logic behind /api/posts/{postId}/comments. */

/** The comment tree of a post the viewer may see. */
export async function listComments(
  context: AppContext,
  viewerId: string,
  postId: string,
): Promise<CommentDto[]> {
  const { db } = context;
  if (!(await findVisiblePost(db, viewerId, postId))) throw notFound(POST_MESSAGES.notFound);
  const rows = await loadVisibleComments(db, viewerId, postId);
  const live = rows.filter((row) => !row.deleted);
  const [authors, mentions] = await Promise.all([
    loadMemberSummaries(
      db,
      viewerId,
      live.flatMap((row) => (row.authorId ? [row.authorId] : [])),
    ),
    loadMentions(
      db,
      viewerId,
      live.map((row) => row.id),
    ),
  ]);
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
  if (!(await findVisiblePost(db, authorId, postId))) throw notFound(POST_MESSAGES.notFound);
  if (parentId) {
    const parent = await findVisibleComment(db, authorId, postId, parentId);
    if (!parent || parent.deleted) throw notFound(COMMENT_MESSAGES.notFound);
  }
  const mentioned = await visibleMembersAmong(db, authorId, mentionedUserIds(input.content));
  const createdAt = context.clock.now();

  let commentId: string;
  try {
    commentId = await db.transaction(async (tx) => {
      const id = await insertComment(tx, {
        postId,
        authorId,
        parentId,
        content: input.content,
        createdAt,
      });
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
  if (!(await findVisiblePost(db, actorId, postId))) throw notFound(POST_MESSAGES.notFound);
  const comment = await findVisibleComment(db, actorId, postId, commentId);
  if (!comment || comment.deleted) throw notFound(COMMENT_MESSAGES.notFound);
  assertCanDeleteComment(actorId, comment);

  await db.transaction(async (tx) => {
    const locked = await lockCommentForDelete(tx, commentId);
    if (!locked || locked.deleted) throw notFound(COMMENT_MESSAGES.notFound);
    if (locked.hasReplies) {
      await markCommentDeleted(tx, commentId, context.clock.now());
      return;
    }
    await deleteCommentRow(tx, commentId);
    for (let parentId = locked.parentId; parentId;) {
      const parent = await lockCommentForDelete(tx, parentId);
      if (!parent || !parent.deleted || parent.hasReplies) break;
      await deleteCommentRow(tx, parentId);
      parentId = parent.parentId;
    }
  });
}
