import { clsx } from 'clsx';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFieldIds } from './field-ids';
import { FieldShell } from './field-shell';
import styles from './field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Always visible; it is also the input's accessible name. */
  label: ReactNode;
  /** Help shown under the label and announced with the input. */
  hint?: ReactNode;
  /** Shown under the input; marks the input invalid. */
  error?: ReactNode;
  /** Content after the input inside the field row (e.g. a copy button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Classes on the wrapper. */
  className?: string;
  inputClassName?: string;
}

export function TextField({
  label,
  hint,
  error,
  trailing,
  id,
  className,
  inputClassName,
  required,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), ariaDescribedBy);
  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      <div className={styles.row}>
        <input
          ref={ref}
          className={clsx(styles.control, inputClassName)}
          required={required}
          {...ids.controlProps}
          {...inputProps}
        />
        {trailing}
      </div>
    </FieldShell>
  );
}
