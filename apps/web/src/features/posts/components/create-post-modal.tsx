import { zodResolver } from '@hookform/resolvers/zod';
import {
  AltTextSchema,
  COMMENT_POLICIES,
  COMMENT_POLICY_LABELS,
  CreatePostSchema,
  IMAGE_SAFETY_MESSAGES,
  POST_DESCRIPTION_MAX_LENGTH,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TYPES,
  POST_MEDIA_ACCEPT,
  POST_TITLE_MAX_LENGTH,
  POST_VIDEO_MAX_BYTES,
  POST_VIDEO_TYPES,
  type PostDto,
} from '@kindred/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { AltTextField } from '../../../components/ui/alt-text-field';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldClassNames } from '../../../components/ui/field-shell';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { postsToast } from '../toast';
import { ApiError, limitMessageOr } from '../../../lib/api-client';
import { useCreatePost } from '../api/create-post';
import { useMyPrivacySettings } from '../api/my-privacy';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { AUDIENCE_CHOICES, submitLabelFor, type PostAudience } from '../lib/privacy';
import { clsx } from 'clsx';
import styles from './create-post-modal.module.css';

const M = POSTS_UI_MESSAGES;

export interface CreatePostModalProps {
  open: boolean;
  onClose: () => void;
  onCreated?: (post: PostDto) => void;
  /** Audience chosen when the modal opens (default public). */
  initialPrivacy?: PostAudience;
}

/**
 * The Create Post modal (SPEC §2): title (required), description, who sees it (General Feed or
 * Followers), an optional image or video with a preview. The submit button says where the post
 * goes and is disabled while it is being sent.
 */
export function CreatePostModal({
  open,
  onClose,
  onCreated,
  initialPrivacy,
}: CreatePostModalProps) {
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title="Create Post"
      size="md"
      closeOnBackdrop={!busy}
      initialFocusRef={titleRef}
    >
      {open ? (
        <CreatePostForm
          titleRef={titleRef}
          initialPrivacy={initialPrivacy}
          onBusyChange={setBusy}
          onCancel={onClose}
          onCreated={(post) => {
            onCreated?.(post);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

interface MediaChoice {
  file: File;
  url: string;
  kind: 'image' | 'video';
}

/**
 * The form's text fields, checked by the contract's rules for POST /posts/create; the audience is
 * one of the two the form offers.
 */
const PostFieldsSchema = CreatePostSchema.pick({ title: true, description: true }).extend({
  privacy: z.enum(['public', 'followers'] as const satisfies readonly PostAudience[]),
  commentPolicy: z.enum(COMMENT_POLICIES),
  // Both only travel with a photo or video.
  altText: AltTextSchema,
  sensitive: z.boolean(),
});

const COMMENT_POLICY_OPTIONS = COMMENT_POLICIES.map((value) => ({
  value,
  label: COMMENT_POLICY_LABELS[value],
}));

/** Why a chosen file cannot be posted, or null (the server checks the bytes again). */
export function mediaProblem(file: Pick<File, 'type' | 'size'>): string | null {
  const isImage = (POST_IMAGE_TYPES as readonly string[]).includes(file.type);
  const isVideo = (POST_VIDEO_TYPES as readonly string[]).includes(file.type);
  if (!isImage && !isVideo) return M.mediaType;
  if (isImage && file.size > POST_IMAGE_MAX_BYTES) return M.imageTooLarge;
  if (isVideo && file.size > POST_VIDEO_MAX_BYTES) return M.mediaTooLarge;
  return null;
}

function CreatePostForm({
  titleRef,
  initialPrivacy = 'public',
  onBusyChange,
  onCancel,
  onCreated,
}: {
  titleRef: RefObject<HTMLInputElement | null>;
  initialPrivacy?: PostAudience;
  onBusyChange: (busy: boolean) => void;
  onCancel: () => void;
  onCreated: (post: PostDto) => void;
}) {
  const { register, handleSubmit, control, formState, getFieldState, setValue } = useForm<
    z.input<typeof PostFieldsSchema>,
    unknown,
    z.output<typeof PostFieldsSchema>
  >({
    resolver: zodResolver(PostFieldsSchema),
    defaultValues: {
      title: '',
      description: '',
      privacy: initialPrivacy,
      commentPolicy: 'everyone',
      altText: '',
      sensitive: false,
    },
  });
  // "Who can comment" starts at the member's default once it is known, unless they chose already.
  const defaultCommentPolicy = useMyPrivacySettings().data?.defaultCommentPolicy;
  useEffect(() => {
    if (defaultCommentPolicy && !getFieldState('commentPolicy').isDirty)
      setValue('commentPolicy', defaultCommentPolicy);
  }, [defaultCommentPolicy, getFieldState, setValue]);
  const privacy = useWatch({ control, name: 'privacy' });
  const [media, setMedia] = useState<MediaChoice | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const createPost = useCreatePost(setProgress);
  const submitting = createPost.isPending;
  const ids = useId();

  useEffect(() => {
    onBusyChange(submitting);
  }, [submitting, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  // The preview's object URL lives as long as this choice is shown.
  const mediaUrl = media?.url;
  useEffect(() => {
    if (!mediaUrl) return;
    return () => URL.revokeObjectURL(mediaUrl);
  }, [mediaUrl]);

  const onPickMedia = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = mediaProblem(file);
    setMediaError(problem);
    if (problem) return;
    setMedia({
      file,
      url: URL.createObjectURL(file),
      kind: file.type.startsWith('video/') ? 'video' : 'image',
    });
  };

  const onSubmit = handleSubmit((fields) => {
    if (submitting) return;
    setServerError(null);
    setProgress(0);
    const { altText, sensitive, ...text } = fields;
    createPost.mutate(
      { ...text, media: media?.file ?? null, ...(media ? { altText, sensitive } : {}) },
      {
        onSuccess: (result) => {
          postsToast().success(M.created);
          onCreated(result.post);
        },
        onError: (error) => {
          const general = limitMessageOr(error, M.createFailed);
          postsToast().error(general);
          // Toasts sit behind an open dialog (the top layer), so the form says it too: the server's
          // own words for a refusal the member can act on (too large, wrong type…), else the toast's.
          const refusal =
            error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
          setServerError(refusal || general);
        },
      },
    );
  });

  const descriptionId = `${ids}-description`;
  const mediaInputId = `${ids}-media`;
  const mediaHintId = `${ids}-media-hint`;
  const mediaErrorId = `${ids}-media-error`;
  const { ref: registerTitle, ...titleField } = register('title');

  return (
    <form className={styles.postForm} onSubmit={onSubmit} noValidate>
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
        disabled={submitting}
        autoComplete="off"
      />

      <div className={fieldClassNames.field}>
        <label className={fieldClassNames.label} htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className={clsx(fieldClassNames.control, styles.postFormDescription)}
          rows={4}
          {...register('description')}
          maxLength={POST_DESCRIPTION_MAX_LENGTH}
          disabled={submitting}
          placeholder="What would you like to share?"
        />
      </div>

      <fieldset className={styles.postFormAudience} disabled={submitting}>
        <legend className={fieldClassNames.label}>Who can see it</legend>
        {AUDIENCE_CHOICES.map((choice) => (
          <label key={choice.value} className={styles.audienceChoice}>
            <input type="radio" value={choice.value} {...register('privacy')} />
            <span className={styles.audienceChoiceText}>
              <span className={styles.audienceChoiceLabel}>{choice.label}</span>
              <span className={styles.audienceChoiceHint}>{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <Select
        label="Who can comment"
        options={COMMENT_POLICY_OPTIONS}
        disabled={submitting}
        {...register('commentPolicy')}
      />

      <div className={fieldClassNames.field}>
        <span className={fieldClassNames.label}>Photo or video (optional)</span>
        <p id={mediaHintId} className={fieldClassNames.hint}>
          JPG, PNG or WEBP up to 10MB, or MP4/WEBM video up to 50MB.
        </p>
        {media ? (
          <div className={styles.postFormPreview}>
            {media.kind === 'video' ? (
              <video
                src={media.url}
                controls
                preload="metadata"
                aria-label="Selected video preview"
              />
            ) : (
              <img src={media.url} alt="Selected image preview" />
            )}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setMedia(null)}
              disabled={submitting}
            >
              Remove {media.kind}
            </Button>
            <AltTextField
              className={styles.postFormMediaField}
              {...register('altText')}
              label={
                media.kind === 'video'
                  ? "Describe this video for people who can't see it"
                  : IMAGE_SAFETY_MESSAGES.altTextPrompt
              }
              error={formState.errors.altText?.message}
              disabled={submitting}
            />
            <Checkbox
              className={styles.postFormMediaField}
              label={IMAGE_SAFETY_MESSAGES.markSensitive}
              hint={IMAGE_SAFETY_MESSAGES.markSensitiveHint}
              {...register('sensitive')}
              disabled={submitting}
            />
          </div>
        ) : (
          <div className={styles.postFormPicker}>
            <input
              id={mediaInputId}
              type="file"
              className={clsx('visually-hidden', styles.postFormFile)}
              accept={POST_MEDIA_ACCEPT}
              onChange={onPickMedia}
              disabled={submitting}
              aria-describedby={[mediaHintId, mediaError ? mediaErrorId : null]
                .filter(Boolean)
                .join(' ')}
              aria-invalid={mediaError ? true : undefined}
            />
            <label
              htmlFor={mediaInputId}
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              Add photo or video
            </label>
          </div>
        )}
        {mediaError ? (
          <p id={mediaErrorId} className={fieldClassNames.error}>
            {mediaError}
          </p>
        ) : null}
      </div>

      {submitting && media ? <ProgressBar value={progress} label="Uploading" /> : null}

      <div className={styles.postFormActions}>
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabelFor(privacy)}
        </Button>
      </div>
    </form>
  );
}
