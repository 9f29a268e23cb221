import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import styles from './password-field.module.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/**
 * A password input with a Show / Hide button, so a member choosing a new password can check what
 * they typed. The button keeps its place in the tab order after the input, and its name says what
 * it does ("Show password" / "Hide password").
 */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button type="button" className={styles.toggle} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      }
    />
  );
}
