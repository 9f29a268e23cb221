import type { CommentDto } from '@kindred/contracts';
import { useContext, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/action-menu';
import { getStoredUserId } from '../../../lib/storage';
import { useMemberSafetyActions } from '../../blocks';
import { useReportAction } from '../../moderation';
import { postsToast } from '../toast';
import { useDeleteComment } from '../api/delete-comment';
import { countVisibleComments, REPLY_INDENT_PX } from '../lib/comment-tree';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { AuthorLine } from './author-line';
import {
  commentElementId,
  HighlightedCommentContext,
  useCommentHighlight,
} from './comment-highlight';
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
          <Replies
            postId={postId}
            replies={comment.replies}
            depth={depth + 1}
            canReply={canReply}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * From this depth (0 = the post's own comments) replies start folded behind "Show N replies", and
 * any list of replies shows this many at a time: a long conversation costs nothing to render until
 * someone opens it (the API nests at most COMMENT_MAX_DEPTH levels; deeper replies come flat).
 */
export const FOLDED_FROM_DEPTH = 3;
export const REPLIES_PER_PAGE = 20;

function containsComment(comments: readonly CommentDto[], commentId: string): boolean {
  return comments.some(
    (comment) => comment._id === commentId || containsComment(comment.replies, commentId),
  );
}

function Replies({
  postId,
  replies,
  depth,
  canReply,
}: {
  postId: string;
  replies: readonly CommentDto[];
  depth: number;
  canReply: boolean;
}) {
  const highlightedId = useContext(HighlightedCommentContext);
  // A comment a link points at is never left folded away.
  const holdsHighlight = highlightedId !== null && containsComment(replies, highlightedId);
  const [shown, setShown] = useState(depth >= FOLDED_FROM_DEPTH ? 0 : REPLIES_PER_PAGE);
  if (replies.length === 0) return null;
  const visible = holdsHighlight ? replies : replies.slice(0, shown);
  if (visible.length === 0) {
    const count = countVisibleComments(replies);
    return (
      <button
        type="button"
        className={clsx(
          actionStyles.postAction,
          actionStyles.postActionSmall,
          commentsStyles.showReplies,
        )}
        aria-expanded={false}
        onClick={() => setShown(REPLIES_PER_PAGE)}
      >
        {count === 1 ? 'Show 1 reply' : `Show ${count} replies`}
      </button>
    );
  }
  return (
    <>
      <CommentThread postId={postId} comments={visible} depth={depth} canReply={canReply} />
      {visible.length < replies.length ? (
        <button
          type="button"
          className={clsx(
            actionStyles.postAction,
            actionStyles.postActionSmall,
            commentsStyles.showReplies,
          )}
          onClick={() => setShown((count) => count + REPLIES_PER_PAGE)}
        >
          {`Show more replies (${replies.length - visible.length})`}
        </button>
      ) : null}
    </>
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
        <>
          {comment.replyingTo ? (
            <p className={commentsStyles.replyingTo}>
              Replying to{' '}
              <Link
                className={commentsStyles.mention}
                to={paths.viewProfile(comment.replyingTo._id)}
              >
                @{comment.replyingTo.firstName} {comment.replyingTo.lastName}
              </Link>
            </p>
          ) : null}
          <p className={commentsStyles.commentContent}>
            <MentionContent content={comment.content} mentions={comment.mentions} />
          </p>
        </>
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
