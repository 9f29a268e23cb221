import { clsx } from 'clsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMMENT_MAX_LENGTH, CreateCommentSchema } from '@kindred/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { limitMessageOr } from '../../../lib/api-client';
import { postsToast } from '../toast';
import { useAddComment } from '../api/add-comment';
import { draftToContent, EMPTY_MENTION_DRAFT, type MentionDraft } from '../lib/mentions';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { MentionTextarea } from './mention-textarea';
import styles from './comments.module.css';

const M = POSTS_UI_MESSAGES.comment;

/**
 * The box holds a draft (the plain text shown and the members picked in it); what is checked, by
 * the contract's rule for a comment's content, and sent is its `@[Name](id)` form.
 */
const CommentFieldsSchema = z.object({
  content: z
    .custom<MentionDraft>()
    .transform(draftToContent)
    .pipe(CreateCommentSchema.shape.content),
});

interface CommentFields {
  content: MentionDraft;
}

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
  const { control, handleSubmit, reset } = useForm<
    CommentFields,
    unknown,
    z.output<typeof CommentFieldsSchema>
  >({
    resolver: zodResolver(CommentFieldsSchema),
    defaultValues: { content: EMPTY_MENTION_DRAFT },
  });
  const draft = useWatch({ control, name: 'content' });
  const addComment = useAddComment(postId);
  const isReply = Boolean(parentCommentId);
  const blank = draft.text.trim() === '';

  // A blank text fails the schema and is never sent (the button is disabled meanwhile).
  const submit = handleSubmit(({ content }) => {
    if (addComment.isPending) return;
    addComment.mutate(
      { content, parentCommentId: parentCommentId ?? null },
      {
        onSuccess: () => {
          postsToast().success(isReply ? M.replyAdded : M.added);
          reset();
          onDone?.();
        },
        onError: (error) => {
          postsToast().error(limitMessageOr(error, M.addFailed));
        },
      },
    );
  });

  return (
    <form
      className={clsx(styles.commentForm, isReply && styles.commentFormReply)}
      onSubmit={(event) => void submit(event)}
    >
      <Controller
        control={control}
        name="content"
        render={({ field }) => (
          <MentionTextarea
            label={isReply ? `Reply to ${replyingTo ?? 'comment'}` : 'Write a comment'}
            hideLabel
            value={field.value}
            onChange={field.onChange}
            placeholder={
              isReply
                ? 'Write a reply… (type @ to mention)'
                : 'Write a comment… (type @ to mention)'
            }
            maxLength={COMMENT_MAX_LENGTH}
            readOnly={addComment.isPending}
            autoFocus={autoFocus}
            onSubmitShortcut={() => void submit()}
          />
        )}
      />
      <div className={styles.commentFormActions}>
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
