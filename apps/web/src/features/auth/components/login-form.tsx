import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { normalizeEmail, validateLogin, type FormProblem, type LoginField } from '../validation';

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

/** The sign-in form (SPEC §2 Login screen, §5 Login validation). */
export function LoginForm({
  initialEmail = '',
  initialRememberMe = false,
  submitting,
  onSubmit,
}: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [legalAge, setLegalAge] = useState(false);
  const [rememberMe, setRememberMe] = useState(initialRememberMe);
  const [newsletter, setNewsletter] = useState(false);
  const [problem, setProblem] = useState<FormProblem<LoginField> | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const legalAgeRef = useRef<HTMLInputElement>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateLogin({ email, password, legalAge });
    setProblem(found);
    if (found) {
      const target = found.field ?? (email.trim() === '' ? 'email' : 'password');
      const refs = { email: emailRef, password: passwordRef, legalAge: legalAgeRef };
      refs[target].current?.focus();
      return;
    }
    onSubmit({ email: normalizeEmail(email), password, rememberMe, newsletter });
  };

  const fieldError = (field: LoginField) =>
    problem?.field === field ? problem.message : undefined;

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Sign in">
      {problem && !problem.field ? <Alert tone="error">{problem.message}</Alert> : null}
      <TextField
        ref={emailRef}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError('email')}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError('password')}
      />
      <div className="auth-form__checks">
        <Checkbox
          ref={legalAgeRef}
          name="legalAge"
          label="I certify that I am of legal age (18+) to use Kindred"
          checked={legalAge}
          onChange={(event) => setLegalAge(event.target.checked)}
          error={fieldError('legalAge')}
        />
        <Checkbox
          name="rememberMe"
          label="Remember me"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <Checkbox
          name="newsletter"
          label="Subscribe to the Kindred newsletter"
          checked={newsletter}
          onChange={(event) => setNewsletter(event.target.checked)}
        />
      </div>
      <Button type="submit" fullWidth size="lg" loading={submitting}>
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="auth-form__switch">
        New to Kindred? <Link to={paths.signup()}>Sign Up</Link>
      </p>
    </form>
  );
}
