import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFieldIds } from './field-ids';
import { FieldError, FieldHint } from './field-shell';
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
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), ariaDescribedBy);
  return (
    <div className={['check', error ? 'check--invalid' : '', className].filter(Boolean).join(' ')}>
      <input
        ref={ref}
        type="checkbox"
        className="check__control"
        {...ids.controlProps}
        {...inputProps}
      />
      <div className="check__text">
        <label className="check__label" htmlFor={ids.controlId}>
          {label}
        </label>
        <FieldHint id={ids.hintId}>{hint}</FieldHint>
        <FieldError id={ids.errorId}>{error}</FieldError>
      </div>
    </div>
  );
}
