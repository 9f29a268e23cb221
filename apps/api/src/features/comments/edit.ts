import { COMMENT_MESSAGES, mentionedUserIds, type CommentDto } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { notifyMember } from '../notifications/index.js';
import { loadMemberSummaries } from '../users/index.js';
import { assertCanEditComment } from './policy.js';
import { presentComment } from './presenter.js';
import { assertNewAccountMayContact } from './new-account-limits.js';
import { loadMentions, rewriteComment, visibleMembersAmong } from './repo.js';
import { findCommentToChange } from './service.js';

/**
 * PATCH /posts/{postId}/comments/{commentId}: the comment's author rewrites its content. The
 * mentions are read again from the new text (members the author may see, as when it was written)
 * and the comment's mention rows replaced in the same transaction as the content, so a comment
 * never shows one text with another text's mentions. The author reaches their comment even on a
 * post they may no longer see; another's comment they may not see is "not found", one they see is
 * refused (403) and left as it was. Saving the same text
 * again changes nothing and does not mark it "edited".
 */
export async function editComment(
  context: AppContext,
  actorId: string,
  postId: string,
  commentId: string,
  content: string,
): Promise<CommentDto> {
  const { db } = context;
  const comment = await findCommentToChange(db, actorId, postId, commentId);
  assertCanEditComment(actorId, comment);

  const mentioned = await visibleMembersAmong(db, actorId, mentionedUserIds(content));
  // A new account's limit on mentioning strangers counts the mentions the edit adds.
  const before = (await loadMentions(db, actorId, [commentId])).get(commentId) ?? [];
  const had = new Set(before.map((member) => member.id));
  await assertNewAccountMayContact(context, actorId, {
    postAuthorId: null,
    mentionedIds: [...mentioned.keys()].filter((id) => !had.has(id)),
  });
  let editedAt = comment.editedAt;
  if (content !== comment.content) {
    const now = context.clock.now();
    const written = await db.transaction((tx) =>
      rewriteComment(tx, commentId, actorId, {
        content,
        mentionedIds: [...mentioned.keys()],
        editedAt: now,
      }),
    );
    if (!written) throw notFound(COMMENT_MESSAGES.notFound);
    editedAt = now.toISOString();
    // Members the new text mentions for the first time hear of it, as if it had been written so.
    for (const mentionedId of mentioned.keys()) {
      if (had.has(mentionedId)) continue;
      await notifyMember(context, {
        type: 'mention',
        recipientId: mentionedId,
        actorId,
        postId,
        commentId,
      });
    }
  }

  const authors = await loadMemberSummaries(db, actorId, [actorId]);
  return presentComment(
    { ...comment, content, editedAt },
    { viewerId: actorId, authors, mentions: new Map([[commentId, [...mentioned.values()]]]) },
  );
}
