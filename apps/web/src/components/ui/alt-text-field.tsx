import { ALT_TEXT_MAX_LENGTH, IMAGE_SAFETY_MESSAGES } from '@kindred/contracts';
import { clsx } from 'clsx';
import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { useFieldIds } from './field-ids';
import { FieldShell } from './field-shell';
import styles from './field.module.css';

export interface AltTextFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Defaults to "Describe this image for people who can't see it". */
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/**
 * The description (alt text) of an image a member uploads: asked for next to every picture they
 * add (posts, profile photos, messages) and editable later. Optional; up to 1000 characters.
 */
export function AltTextField({
  label = IMAGE_SAFETY_MESSAGES.altTextPrompt,
  hint = 'Optional. Screen readers read it out in place of the image.',
  error,
  id,
  className,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...textareaProps
}: AltTextFieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), ariaDescribedBy);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        className={clsx(styles.control)}
        rows={2}
        maxLength={ALT_TEXT_MAX_LENGTH}
        {...ids.controlProps}
        {...textareaProps}
      />
    </FieldShell>
  );
}
