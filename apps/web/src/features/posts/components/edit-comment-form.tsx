import { zodResolver } from '@hookform/resolvers/zod';
import { COMMENT_MAX_LENGTH, UpdateCommentSchema, type CommentDto } from '@kindred/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { limitMessageOr } from '../../../lib/api-client';
import { useEditComment } from '../api/edit-comment';
import { contentToDraft, draftToContent, type MentionDraft } from '../lib/mentions';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { postsToast } from '../toast';
import { MentionTextarea } from './mention-textarea';
import styles from './comments.module.css';

const M = POSTS_UI_MESSAGES.comment;

/** The draft, checked as PATCH checks the content (the contract's rule), in its stored form. */
const EditCommentFieldsSchema = z.object({
  content: z
    .custom<MentionDraft>()
    .transform(draftToContent)
    .pipe(UpdateCommentSchema.shape.content),
});

export interface EditCommentFormProps {
  postId: string;
  comment: CommentDto;
  /** After the save, or on Cancel. */
  onDone: () => void;
}

/**
 * Edits a comment in place, in the same mention box as writing one: the text comes prefilled with
 * its mentions still picked; new ones can be added with "@". Cancel leaves the comment as it was.
 */
export function EditCommentForm({ postId, comment, onDone }: EditCommentFormProps) {
  const { control, handleSubmit } = useForm<
    { content: MentionDraft },
    unknown,
    z.output<typeof EditCommentFieldsSchema>
  >({
    resolver: zodResolver(EditCommentFieldsSchema),
    defaultValues: { content: contentToDraft(comment.content) },
  });
  const draft = useWatch({ control, name: 'content' });
  const editComment = useEditComment(postId);
  const blank = draft.text.trim() === '';

  const submit = handleSubmit(({ content }) => {
    if (editComment.isPending) return;
    editComment.mutate(
      { commentId: comment._id, content },
      {
        onSuccess: () => {
          postsToast().success(M.updated);
          onDone();
        },
        onError: (error) => postsToast().error(limitMessageOr(error, M.updateFailed)),
      },
    );
  });

  return (
    <form className={styles.commentForm} onSubmit={(event) => void submit(event)}>
      <Controller
        control={control}
        name="content"
        render={({ field }) => (
          <MentionTextarea
            label="Edit your comment"
            hideLabel
            value={field.value}
            onChange={field.onChange}
            maxLength={COMMENT_MAX_LENGTH}
            readOnly={editComment.isPending}
            autoFocus
            onSubmitShortcut={() => void submit()}
          />
        )}
      />
      <div className={styles.commentFormActions}>
        <Button variant="ghost" size="sm" onClick={onDone} disabled={editComment.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={blank} loading={editComment.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
