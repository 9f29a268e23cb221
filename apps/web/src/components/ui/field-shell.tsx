import type { ReactNode } from 'react';
import type { FieldIds } from './field-ids';
import './field.css';

/** Help text announced with the control (its id is in the control's aria-describedby). */
export function FieldHint({ id, children }: { id: string | undefined; children?: ReactNode }) {
  return children ? (
    <p id={id} className="field__hint">
      {children}
    </p>
  ) : null;
}

/** Error text announced with the control (its id is in the control's aria-describedby). */
export function FieldError({ id, children }: { id: string | undefined; children?: ReactNode }) {
  return children ? (
    <p id={id} className="field__error">
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
  /** The control itself, wired with `ids.controlProps`. */
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
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={ids.controlId}>
          {label}
        </label>
        {/* Outside the label so the accessible name stays exactly the label text. */}
        {required ? (
          <span className="field__required" aria-hidden="true">
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
