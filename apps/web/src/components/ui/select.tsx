import { clsx } from 'clsx';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useFieldIds } from './field-ids';
import { FieldShell } from './field-shell';
import styles from './field.module.css';

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
      <select
        ref={ref}
        className={clsx(styles.control, styles.select)}
        required={required}
        {...ids.controlProps}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
