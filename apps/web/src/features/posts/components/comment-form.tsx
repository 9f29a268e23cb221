import { COMMENT_MAX_LENGTH } from '@kindred/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { limitMessageOr } from '../../../lib/api-client';
import { postsToast } from '../toast';
import { useAddComment } from '../api/add-comment';
import { draftToContent, EMPTY_MENTION_DRAFT } from '../lib/mentions';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { MentionTextarea } from './mention-textarea';

const M = POSTS_UI_MESSAGES.comment;

export interface CommentFormProps {
  postId: string;
  /** Set for a reply: the comment it answers. */
  parentCommentId?: string;
  /** Who is being answered, for the reply box's label. */
  replyingTo?: string;
  autoFocus?: boolean;
  /** After a successful send (e.g. to close a reply box). */
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * Writes a comment or a reply. Blank text is never sent: the button stays disabled until there is
 * something to say (SPEC §5 Comment).
 */
export function CommentForm({
  postId,
  parentCommentId,
  replyingTo,
  autoFocus,
  onDone,
  onCancel,
}: CommentFormProps) {
  const [draft, setDraft] = useState(EMPTY_MENTION_DRAFT);
  const addComment = useAddComment(postId);
  const isReply = Boolean(parentCommentId);
  const blank = draft.text.trim() === '';

  const submit = () => {
    if (blank || addComment.isPending) return;
    addComment.mutate(
      { content: draftToContent(draft).trim(), parentCommentId: parentCommentId ?? null },
      {
        onSuccess: () => {
          postsToast().success(isReply ? M.replyAdded : M.added);
          setDraft(EMPTY_MENTION_DRAFT);
          onDone?.();
        },
        onError: (error) => {
          postsToast().error(limitMessageOr(error, M.addFailed));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className={`comment-form${isReply ? ' comment-form--reply' : ''}`} onSubmit={onSubmit}>
      <MentionTextarea
        label={isReply ? `Reply to ${replyingTo ?? 'comment'}` : 'Write a comment'}
        hideLabel
        value={draft}
        onChange={setDraft}
        placeholder={
          isReply ? 'Write a reply… (type @ to mention)' : 'Write a comment… (type @ to mention)'
        }
        maxLength={COMMENT_MAX_LENGTH}
        readOnly={addComment.isPending}
        autoFocus={autoFocus}
        onSubmitShortcut={submit}
      />
      <div className="comment-form__actions">
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={addComment.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={blank} loading={addComment.isPending}>
          {isReply ? 'Reply' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}
