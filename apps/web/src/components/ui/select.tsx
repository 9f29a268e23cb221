import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useFieldIds } from './field-ids';
import './field.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Select gender" (value ""). */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  className,
  required,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...selectProps
}: SelectProps) {
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
      <select
        ref={ref}
        id={controlId}
        className="field__control field__control--select"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
