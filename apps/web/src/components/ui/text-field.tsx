import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFieldIds } from './field-ids';
import './field.css';

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
  const { controlId, hintId, errorId, describedBy } = useFieldIds(
    id,
    Boolean(hint),
    Boolean(error),
    ariaDescribedBy,
  );
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={controlId}>
          {label}
        </label>
        {/* Outside the label so the accessible name stays exactly the label text. */}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="field__row">
        <input
          ref={ref}
          id={controlId}
          className={['field__control', inputClassName].filter(Boolean).join(' ')}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
