import { zodResolver } from '@hookform/resolvers/zod';
import {
  AltTextSchema,
  CreatePostSchema,
  IMAGE_SAFETY_MESSAGES,
  POST_DESCRIPTION_MAX_LENGTH,
  POST_PRIVACY_VALUES,
  POST_TITLE_MAX_LENGTH,
  type PostDto,
} from '@kindred/contracts';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { AltTextField } from '../../../components/ui/alt-text-field';
import { Checkbox } from '../../../components/ui/checkbox';
import { Button } from '../../../components/ui/button';
import { fieldClassNames } from '../../../components/ui/field-shell';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, limitMessageOr } from '../../../lib/api-client';
import { useEditPost } from '../api/edit-post';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { EDIT_PRIVACY_CHOICES } from '../lib/privacy';
import { postsToast } from '../toast';
import styles from './edit-post-modal.module.css';

const M = POSTS_UI_MESSAGES;

/** The fields an author may change, with the rules of POST /posts/create (PATCH checks the same). */
const EditPostSchema = z.object({
  title: CreatePostSchema.shape.title,
  description: CreatePostSchema.shape.description,
  privacy: z.enum(POST_PRIVACY_VALUES, { message: M.privacyInvalid }),
  // For a post with media: its description and the "sensitive" mark.
  altText: AltTextSchema,
  sensitive: z.boolean(),
});
type EditPostFields = z.input<typeof EditPostSchema>;

export interface EditPostModalProps {
  post: PostDto;
  open: boolean;
  onClose: () => void;
}

/**
 * The author's "Edit post" dialog: title, description and who can see it, and for a post with a
 * photo or video its description (alt text) and "Mark as sensitive", prefilled with the post as
 * it is (the media stays). Saving updates the post in every cached feed at once.
 */
export function EditPostModal({ post, open, onClose }: EditPostModalProps) {
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title="Edit post"
      size="md"
      closeOnBackdrop={!busy}
      initialFocusRef={titleRef}
    >
      {open ? (
        <EditPostForm post={post} titleRef={titleRef} onBusyChange={setBusy} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function EditPostForm({
  post,
  titleRef,
  onBusyChange,
  onDone,
}: {
  post: PostDto;
  titleRef: RefObject<HTMLInputElement | null>;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { register, handleSubmit, formState } = useForm<
    EditPostFields,
    unknown,
    z.output<typeof EditPostSchema>
  >({
    resolver: zodResolver(EditPostSchema),
    defaultValues: {
      title: post.title,
      description: post.description,
      privacy: post.privacy,
      altText: post.media?.altText ?? '',
      sensitive: post.markedSensitive,
    },
  });
  const editPost = useEditPost(post._id);
  const saving = editPost.isPending;
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    onBusyChange(saving);
  }, [saving, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const onSubmit = handleSubmit((fields) => {
    if (saving) return;
    setServerError(null);
    const { altText, sensitive, ...text } = fields;
    editPost.mutate(post.media ? { ...text, altText, sensitive } : text, {
      onSuccess: () => {
        postsToast().success(M.updated);
        onDone();
      },
      onError: (error) => {
        const general = limitMessageOr(error, M.updateFailed);
        postsToast().error(general);
        // Toasts sit behind the open dialog: the dialog says it too.
        const refusal =
          error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
        setServerError(refusal || general);
      },
    });
  });

  const descriptionId = `${ids}-description`;
  const { ref: registerTitle, ...titleField } = register('title');

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <TextField
        ref={(element) => {
          registerTitle(element);
          titleRef.current = element;
        }}
        label="Title"
        required
        {...titleField}
        maxLength={POST_TITLE_MAX_LENGTH}
        error={formState.errors.title?.message}
        disabled={saving}
        autoComplete="off"
      />
      <div className={fieldClassNames.field}>
        <label className={fieldClassNames.label} htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className={clsx(fieldClassNames.control, styles.description)}
          rows={4}
          {...register('description')}
          maxLength={POST_DESCRIPTION_MAX_LENGTH}
          disabled={saving}
        />
      </div>
      <fieldset className={styles.privacy} disabled={saving}>
        <legend className={fieldClassNames.label}>Who can see it</legend>
        {EDIT_PRIVACY_CHOICES.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input type="radio" value={choice.value} {...register('privacy')} />
            <span className={styles.choiceText}>
              <span className={styles.choiceLabel}>{choice.label}</span>
              <span className={styles.choiceHint}>{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {post.media ? (
        <>
          <AltTextField
            label={
              post.media.type === 'video'
                ? "Describe this video for people who can't see it"
                : IMAGE_SAFETY_MESSAGES.altTextPrompt
            }
            {...register('altText')}
            error={formState.errors.altText?.message}
            disabled={saving}
          />
          <Checkbox
            label={IMAGE_SAFETY_MESSAGES.markSensitive}
            hint={IMAGE_SAFETY_MESSAGES.markSensitiveHint}
            {...register('sensitive')}
            disabled={saving}
          />
        </>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
