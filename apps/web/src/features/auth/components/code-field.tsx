import type { ClipboardEvent, ReactNode, Ref } from 'react';
import { CODE_LENGTH } from '@kindred/contracts';
import { TextField } from '../../../components/ui/text-field';
import { digitsOnly } from '../validation';

export interface CodeFieldProps {
  value: string;
  onChange: (digits: string) => void;
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
      onPaste={onPaste}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      required
      disabled={disabled}
      autoFocus={autoFocus}
      inputClassName="code-input"
      placeholder="000000"
    />
  );
}
