import { zodResolver } from '@hookform/resolvers/zod';
import {
  characterCount,
  MESSAGE_ALT_TEXT_MAX_LENGTH,
  MESSAGE_TEXT_MAX_LENGTH,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TYPES,
} from '@kindred/contracts';
import { clsx } from 'clsx';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AltTextField } from '../../../components/ui/alt-text-field';
import { Button, buttonClassName } from '../../../components/ui/button';
import { fieldClassNames } from '../../../components/ui/field-shell';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useSendChatMessage } from '../api/chat-messages';
import { MESSAGING_UI as M } from '../messages';
import styles from './composer.module.css';

/** The composer's rule: text (≤ 2000 characters) or an image, or both; the image's description. */
const ComposerSchema = z
  .object({
    text: z
      .string()
      .refine((text) => characterCount(text) <= MESSAGE_TEXT_MAX_LENGTH, M.textTooLong),
    altText: z
      .string()
      .refine((text) => characterCount(text) <= MESSAGE_ALT_TEXT_MAX_LENGTH, M.altTextTooLong),
    image: z.custom<File | null>(),
  })
  .refine((draft) => draft.text.trim() !== '' || draft.image !== null, {
    message: M.textRequired,
    path: ['text'],
  });
type Draft = z.infer<typeof ComposerSchema>;

const IMAGE_ACCEPT = POST_IMAGE_TYPES.join(',');

/** Why a chosen file cannot be sent, or null (the server checks the bytes again). */
function imageProblem(file: File): string | null {
  if (!(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) return M.imageType;
  if (file.size > POST_IMAGE_MAX_BYTES) return M.imageTooLarge;
  return null;
}

/** What a refused send says under the composer; the plan's refusal also opens the upgrade dialog. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'PLAN_LIMIT') return M.firstMessageLimit;
    if (error.code === 'MESSAGE_NOT_ALLOWED') return M.notAllowed;
    if (error.code === 'PHOTO_VERIFICATION_REQUIRED') return M.photoVerificationRequired;
  }
  return messageOf(error, M.sendFailed);
}

export interface ComposerProps {
  conversationId: string;
  /** The server said the conversation is closed (a block, an unmatch, a suspension). */
  onClosed: () => void;
}

/**
 * Writes a message: text with a live counter (≤ 2000 characters), an optional image with its
 * description and the upload's progress. Enter sends on a keyboard with a pointer (Shift+Enter is a
 * new line); on touch screens Enter is a new line and the Send button sends.
 */
export function Composer({ conversationId, onClosed }: ComposerProps) {
  const ids = useId();
  const textId = `${ids}-text`;
  const counterId = `${ids}-counter`;
  const errorId = `${ids}-error`;
  const fileId = `${ids}-file`;
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<{ file: File; url: string } | null>(null);
  const send = useSendChatMessage(conversationId, setProgress);
  const { register, handleSubmit, control, reset, setValue, setFocus, formState } = useForm<Draft>({
    resolver: zodResolver(ComposerSchema),
    defaultValues: { text: '', altText: '', image: null },
  });
  const text = useWatch({ control, name: 'text' });
  const image = useWatch({ control, name: 'image' });
  const length = characterCount(text);
  const tooLong = length > MESSAGE_TEXT_MAX_LENGTH;
  const blank = text.trim() === '' && image === null;
  const sending = send.isPending;

  // The chosen picture's preview lives as long as it is chosen.
  useEffect(() => {
    if (!attachment) return;
    return () => URL.revokeObjectURL(attachment.url);
  }, [attachment]);

  const dropImage = () => {
    setAttachment(null);
    setValue('image', null);
    setValue('altText', '');
  };

  const submit = handleSubmit((draft) => {
    if (sending) return;
    setRefusal(null);
    setProgress(0);
    send.mutate(draft, {
      onSuccess: () => {
        reset();
        setAttachment(null);
        setFocus('text');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CONVERSATION_CLOSED') onClosed();
        else setRefusal(refusalText(error));
      },
    });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (typeof window.matchMedia === 'function' && !window.matchMedia('(pointer: fine)').matches) {
      return;
    }
    event.preventDefault();
    void submit();
  };

  const textError = tooLong ? M.textTooLong : (formState.errors.text?.message ?? null);
  const shownError = imageError ?? refusal ?? textError;

  return (
    <form
      className={styles.composer}
      aria-label="Write a message"
      onSubmit={(event) => void submit(event)}
    >
      {image ? (
        <div className={styles.attachment}>
          {attachment ? <img className={styles.preview} src={attachment.url} alt="" /> : null}
          <div className={styles.attachmentFields}>
            <AltTextField
              disabled={sending}
              error={formState.errors.altText?.message}
              {...register('altText')}
            />
            <Button variant="ghost" size="sm" disabled={sending} onClick={dropImage}>
              {M.removeImage}
            </Button>
          </div>
        </div>
      ) : null}
      {sending && image ? <ProgressBar value={progress} label={M.uploading} /> : null}
      <div className={styles.row}>
        <div className={styles.picker}>
          <input
            id={fileId}
            type="file"
            className="visually-hidden"
            accept={IMAGE_ACCEPT}
            disabled={sending}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (!file) return;
              const problem = imageProblem(file);
              setImageError(problem);
              if (problem) return;
              setAttachment({ file, url: URL.createObjectURL(file) });
              setValue('image', file);
            }}
          />
          <label
            htmlFor={fileId}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            title={M.addImage}
          >
            <ImageIcon />
            <span className="visually-hidden">{M.addImage}</span>
          </label>
        </div>
        <div className={clsx(fieldClassNames.field, styles.textField)}>
          <label className="visually-hidden" htmlFor={textId}>
            {M.textLabel}
          </label>
          <textarea
            id={textId}
            className={clsx(fieldClassNames.control, styles.text)}
            rows={1}
            placeholder="Write a message…"
            readOnly={sending}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={[counterId, shownError ? errorId : null].filter(Boolean).join(' ')}
            onKeyDown={onKeyDown}
            {...register('text')}
          />
        </div>
        <Button type="submit" size="sm" disabled={blank || tooLong} loading={sending}>
          {M.send}
        </Button>
      </div>
      <div className={styles.footer}>
        <p id={errorId} className={fieldClassNames.error} role={shownError ? 'alert' : undefined}>
          {shownError ?? ''}
        </p>
        <p id={counterId} className={clsx(styles.counter, tooLong && styles.counterOver)}>
          {length} / {MESSAGE_TEXT_MAX_LENGTH}
        </p>
      </div>
    </form>
  );
}

function ImageIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect
        x="3"
        y="5"
        width="18"
        height="14"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="9" cy="10" r="1.75" fill="currentColor" />
      <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
