import type { CommentDto } from '@kindred/contracts';
import { useState } from 'react';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/action-menu';
import { getStoredUserId } from '../../../lib/storage';
import { useMemberSafetyActions } from '../../blocks';
import { useReportAction } from '../../moderation';
import { postsToast } from '../toast';
import { useDeleteComment } from '../api/delete-comment';
import { REPLY_INDENT_PX } from '../lib/comment-tree';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { AuthorLine } from './author-line';
import { commentElementId, useCommentHighlight } from './comment-highlight';
import { CommentForm } from './comment-form';
import { ConfirmDialog } from './confirm-dialog';
import { EditCommentForm } from './edit-comment-form';
import { EditedMark } from './edited-mark';
import { ReplyIcon, TrashIcon } from './icons';
import { MentionContent } from './mention-content';
import { RelativeTime } from './relative-time';
import { clsx } from 'clsx';
import actionStyles from './post-action.module.css';
import commentsStyles from './comments.module.css';

const M = POSTS_UI_MESSAGES;

export interface CommentThreadProps {
  postId: string;
  comments: readonly CommentDto[];
  /** 0 for the post's own comments; each level of replies is indented 20 px further. */
  depth?: number;
  /** False when the post's comment policy does not let the viewer comment: no Reply buttons. */
  canReply?: boolean;
}

/** A post's comments with their replies nested beneath them, 20 px per level (SPEC §2, §9). */
export function CommentThread({
  postId,
  comments,
  depth = 0,
  canReply = true,
}: CommentThreadProps) {
  if (comments.length === 0) return null;
  return (
    <ul
      className={clsx(commentsStyles.commentList, depth > 0 && commentsStyles.commentListReplies)}
      style={depth === 0 ? undefined : { paddingInlineStart: `${REPLY_INDENT_PX}px` }}
      data-depth={depth}
    >
      {comments.map((comment) => (
        <li key={comment._id}>
          <CommentItem postId={postId} comment={comment} depth={depth} canReply={canReply} />
          <CommentThread
            postId={postId}
            comments={comment.replies}
            depth={depth + 1}
            canReply={canReply}
          />
        </li>
      ))}
    </ul>
  );
}

function authorName(comment: CommentDto): string {
  if (comment.userId) {
    return (
      `${comment.userId.firstName} ${comment.userId.lastName}`.trim() || M.authors.failedLookup
    );
  }
  return comment.authorDeleted ? M.authors.deletedCommentAuthor : M.authors.failedLookup;
}

function CommentItem({
  postId,
  comment,
  depth,
  canReply,
}: {
  postId: string;
  comment: CommentDto;
  depth: number;
  canReply: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const deleteComment = useDeleteComment(postId);
  const { highlighted, ref: highlightRef } = useCommentHighlight(comment._id);
  const name = authorName(comment);
  const memberActions = useMemberSafetyActions({
    member: comment.deleted ? null : comment.userId,
    viewerId: getStoredUserId(),
  });
  const report = useReportAction({
    targetType: 'comment',
    targetId: comment._id,
    member: comment.deleted ? null : comment.userId,
    viewerId: getStoredUserId(),
  });
  // The ⋯ menu's entries, one spread or item per feature (edit, report, block and mute).
  const menuItems: ActionMenuItem[] = [
    ...(comment.canEdit
      ? [{ id: 'edit', label: 'Edit comment', onSelect: () => setEditing(true) }]
      : []),
    ...report.items,
    ...memberActions.items,
  ];

  if (comment.deleted) {
    return (
      <article
        ref={highlightRef}
        id={commentElementId(comment._id)}
        tabIndex={-1}
        className={clsx(
          commentsStyles.comment,
          commentsStyles.commentDeleted,
          highlighted && commentsStyles.commentHighlighted,
        )}
        aria-label="Deleted comment"
        data-depth={depth}
      >
        <p className={commentsStyles.commentDeleted}>{M.deletedComment}</p>
      </article>
    );
  }

  const onDelete = () => {
    deleteComment.mutate(comment._id, {
      onSuccess: () => {
        setConfirming(false);
        postsToast().success(M.comment.deleted);
      },
      onError: () => {
        setConfirming(false);
        postsToast().error(M.comment.deleteFailed);
      },
    });
  };

  return (
    <article
      ref={highlightRef}
      id={commentElementId(comment._id)}
      tabIndex={-1}
      className={clsx(commentsStyles.comment, highlighted && commentsStyles.commentHighlighted)}
      aria-label={`Comment by ${name}`}
      aria-current={highlighted ? 'true' : undefined}
      data-depth={depth}
    >
      <header className={commentsStyles.commentHeader}>
        <AuthorLine
          author={comment.userId}
          placeholder={
            comment.authorDeleted ? M.authors.deletedCommentAuthor : M.authors.failedLookup
          }
          size="sm"
        />
        <RelativeTime iso={comment.createdAt} />
        <EditedMark iso={comment.editedAt} />
        <ActionMenu
          label={`More actions for the comment by ${name}`}
          items={menuItems}
          className={commentsStyles.commentMenu}
        />
      </header>
      {editing ? (
        <EditCommentForm postId={postId} comment={comment} onDone={() => setEditing(false)} />
      ) : (
        <p className={commentsStyles.commentContent}>
          <MentionContent content={comment.content} mentions={comment.mentions} />
        </p>
      )}
      <div className={commentsStyles.commentActions}>
        {canReply ? (
          <button
            type="button"
            className={clsx(actionStyles.postAction, actionStyles.postActionSmall)}
            aria-expanded={replying}
            aria-label={`Reply to ${name}`}
            onClick={() => setReplying((open) => !open)}
          >
            <ReplyIcon size={14} />
            <span>Reply</span>
          </button>
        ) : null}
        {comment.canDelete ? (
          <button
            type="button"
            className={clsx(
              actionStyles.postAction,
              actionStyles.postActionSmall,
              actionStyles.postActionDanger,
            )}
            aria-label="Delete comment"
            onClick={() => setConfirming(true)}
          >
            <TrashIcon size={14} />
            <span>Delete</span>
          </button>
        ) : null}
      </div>
      {replying ? (
        <CommentForm
          postId={postId}
          parentCommentId={comment._id}
          replyingTo={name}
          autoFocus
          onDone={() => setReplying(false)}
          onCancel={() => setReplying(false)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete comment?"
        description="Your comment will be removed. Replies to it stay in the conversation."
        confirmLabel="Delete"
        busy={deleteComment.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
      {report.dialog}
      {memberActions.dialog}
    </article>
  );
}
