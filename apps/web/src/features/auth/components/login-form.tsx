import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import type { LoginFormValues, LoginProblem } from '../login-validation';
import styles from './auth-form.module.css';

export interface LoginSubmission {
  /** Lower-cased and trimmed. */
  email: string;
  password: string;
  rememberMe: boolean;
  newsletter: boolean;
}

export interface LoginFormProps {
  /** Prefilled when "Remember me" was ticked last time. */
  initialEmail?: string;
  initialRememberMe?: boolean;
  submitting: boolean;
  /** Called with valid values only. */
  onSubmit: (values: LoginSubmission) => void;
}

/**
 * The login's rules (zod/mini and the contract's schema): fetched when the visitor first touches
 * the form, not with the page, which is every visitor's front door (docs/architecture.md, "Bundles").
 */
const loadRules = () => import('../login-validation');

/** What the form holds now. */
function valuesOf(form: HTMLFormElement): LoginFormValues {
  const field = (name: keyof LoginFormValues) => form.elements.namedItem(name) as HTMLInputElement;
  return {
    email: field('email').value,
    password: field('password').value,
    legalAge: field('legalAge').checked,
    rememberMe: field('rememberMe').checked,
    newsletter: field('newsletter').checked,
  };
}

/**
 * The sign-in form (SPEC §2 Login screen, §5 Login validation). Unlike the other forms it keeps no
 * form library: five inputs the browser holds, checked on submit against LoginFormSchema, showing
 * one problem at a time until the next attempt, with the focus on it.
 */
export function LoginForm({
  initialEmail = '',
  initialRememberMe = false,
  submitting,
  onSubmit,
}: LoginFormProps) {
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const errorOf = (field: LoginProblem['field']) =>
    problem?.field === field ? problem.message : undefined;

  const submit = async (form: HTMLFormElement) => {
    const values = valuesOf(form);
    const checked = (await loadRules()).checkLogin(values);
    if (checked.ok) {
      setProblem(null);
      const { email, password, rememberMe, newsletter } = checked.values;
      onSubmit({ email, password, rememberMe, newsletter });
      return;
    }
    setProblem(checked.problem);
    // "Please fill in all fields" marks no field: the first empty one takes the focus.
    const focus =
      checked.problem.field === 'root'
        ? values.email.trim() === ''
          ? 'email'
          : 'password'
        : checked.problem.field;
    (form.elements.namedItem(focus) as HTMLInputElement | null)?.focus();
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (!submitting) void submit(event.currentTarget);
      }}
      onFocus={() => void loadRules()}
      noValidate
      aria-label="Sign in"
    >
      {errorOf('root') ? <Alert tone="error">{errorOf('root')}</Alert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={initialEmail}
        error={errorOf('email')}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errorOf('password')}
      />
      <p className={styles.aside}>
        <Link to={paths.forgotPassword()}>Forgot password?</Link>
      </p>
      <div className={styles.checks}>
        <Checkbox
          label="I certify that I am of legal age (18+) to use Kindred"
          name="legalAge"
          error={errorOf('legalAge')}
        />
        <Checkbox label="Remember me" name="rememberMe" defaultChecked={initialRememberMe} />
        <Checkbox label="Subscribe to the Kindred newsletter" name="newsletter" />
      </div>
      <Button type="submit" fullWidth size="lg" loading={submitting}>
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className={styles.switch}>
        New to Kindred? <Link to={paths.signup()}>Sign Up</Link>
      </p>
    </form>
  );
}
