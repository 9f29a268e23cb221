import { clsx } from 'clsx';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFieldIds } from './field-ids';
import { FieldError, FieldHint } from './field-shell';
import styles from './field.module.css';

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'size'
> {
  /** The clickable text; may contain an inline button (e.g. one that opens the terms). */
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

export function Checkbox({
  label,
  hint,
  error,
  id,
  className,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: CheckboxProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), ariaDescribedBy);
  return (
    <div className={clsx(styles.check, error && styles.checkInvalid, className)}>
      <input
        ref={ref}
        type="checkbox"
        className={styles.checkControl}
        {...ids.controlProps}
        {...inputProps}
      />
      <div className={styles.checkText}>
        <label className={styles.checkLabel} htmlFor={ids.controlId}>
          {label}
        </label>
        <FieldHint id={ids.hintId}>{hint}</FieldHint>
        <FieldError id={ids.errorId}>{error}</FieldError>
      </div>
    </div>
  );
}
