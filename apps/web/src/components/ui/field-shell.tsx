import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { FieldIds } from './field-ids';
import styles from './field.module.css';

/**
 * The field look for a control not built on TextField/Select/Checkbox (a textarea with a counter,
 * a fieldset's legend): the wrapper, label row, label, control, hint and error classes.
 */
export const fieldClassNames = {
  field: styles.field,
  labelRow: styles.labelRow,
  label: styles.label,
  control: styles.control,
  hint: styles.hint,
  error: styles.error,
} as const;

/** Help text announced with the control (its id is in the control's aria-describedby). */
export function FieldHint({ id, children }: { id: string | undefined; children?: ReactNode }) {
  return children ? (
    <p id={id} className={styles.hint}>
      {children}
    </p>
  ) : null;
}

/** Error text announced with the control (its id is in the control's aria-describedby). */
export function FieldError({ id, children }: { id: string | undefined; children?: ReactNode }) {
  return children ? (
    <p id={id} className={styles.error}>
      {children}
    </p>
  ) : null;
}

export interface FieldShellProps {
  /** From `useFieldIds`: the control's id and its hint/error ids. */
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Classes on the wrapper. */
  className?: string;
  /** The control itself, wired with `ids.controlProps` and `fieldClassNames.control`. */
  children: ReactNode;
}

/** The label row, hint and error around a text-like control (input, select). */
export function FieldShell({
  ids,
  label,
  hint,
  error,
  required,
  className,
  children,
}: FieldShellProps) {
  return (
    <div className={clsx(styles.field, error && styles.invalid, className)}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={ids.controlId}>
          {label}
        </label>
        {/* Outside the label so the accessible name stays exactly the label text. */}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      {children}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
