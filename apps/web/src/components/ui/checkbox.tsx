import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFieldIds } from './field-ids';
import './field.css';

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
  const { controlId, hintId, errorId, describedBy } = useFieldIds(
    id,
    Boolean(hint),
    Boolean(error),
    ariaDescribedBy,
  );
  return (
    <div className={['check', error ? 'check--invalid' : '', className].filter(Boolean).join(' ')}>
      <input
        ref={ref}
        type="checkbox"
        id={controlId}
        className="check__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      <div className="check__text">
        <label className="check__label" htmlFor={controlId}>
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
