import { CODE_LENGTH } from '@kindred/contracts';
import type { ClipboardEvent, ReactNode, Ref } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { digitsOnly } from '../validation';
import styles from './code-field.module.css';

export interface CodeFieldProps {
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
  label?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A 6-digit code input: digits only, at most 6, numeric keypad on phones, and the browser/OS may offer
 * a code it received (autocomplete="one-time-code"). A pasted "123 456" becomes "123456".
 */
export function CodeField({
  value,
  onChange,
  onBlur,
  label = 'Verification code',
  hint,
  error,
  disabled,
  autoFocus,
  id,
  name = 'code',
  ref,
}: CodeFieldProps) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    onChange(digitsOnly(pasted, CODE_LENGTH));
  };
  return (
    <TextField
      ref={ref}
      id={id}
      name={name}
      label={label}
      hint={hint}
      error={error}
      value={value}
      onChange={(event) => onChange(digitsOnly(event.target.value, CODE_LENGTH))}
      onBlur={onBlur}
      onPaste={onPaste}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      required
      disabled={disabled}
      autoFocus={autoFocus}
      inputClassName={styles.input}
      placeholder="000000"
    />
  );
}

export type FormCodeFieldProps<T extends FieldValues, Output> = Omit<
  CodeFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'error'
> & {
  control: Control<T, unknown, Output>;
  /** A text field of the form holding the code. */
  name: FieldPathByValue<T, string>;
};

/** The code field as a field of a react-hook-form form, showing the form's error for it. */
export function FormCodeField<T extends FieldValues, Output>({
  control,
  name,
  ...props
}: FormCodeFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CodeField
          {...props}
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
