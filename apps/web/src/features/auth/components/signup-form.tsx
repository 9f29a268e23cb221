import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { AUTHENTICATOR_APP_EXAMPLES } from '../authenticator-apps';
import {
  normalizeEmail,
  validateSignup,
  type FormProblem,
  type SignupField,
  type SignupValues,
} from '../validation';
import { PasswordGuidelines } from './password-guidelines';
import { TermsModal } from './terms-modal';

export interface SignupFormProps {
  submitting: boolean;
  /** Called with valid values only (names trimmed, email lower-cased and trimmed). */
  onSubmit: (values: SignupValues) => void;
}

const EMPTY: SignupValues = { firstName: '', lastName: '', username: '', email: '', password: '' };

/** The sign-up form (SPEC §2 Signup screen, §5 Signup validation). */
export function SignupForm({ submitting, onSubmit }: SignupFormProps) {
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [legalAge, setLegalAge] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [problem, setProblem] = useState<FormProblem<SignupField> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const canSubmit = acceptedTerms && legalAge;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !canSubmit) return;
    const found = validateSignup(values);
    setProblem(found);
    if (found) {
      const firstEmpty = (Object.keys(values) as SignupField[]).find(
        (key) => values[key].trim() === '',
      );
      const target = found.field ?? firstEmpty;
      if (target) formRef.current?.querySelector<HTMLInputElement>(`[name="${target}"]`)?.focus();
      return;
    }
    onSubmit({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      username: values.username.trim(),
      email: normalizeEmail(values.email),
      password: values.password,
    });
  };

  /** What every sign-up text field shares: its name, value, change handler and error. */
  const fieldProps = (field: SignupField) => ({
    name: field,
    required: true,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    error: problem?.field === field ? problem.message : undefined,
  });

  return (
    <>
      <form
        ref={formRef}
        className="auth-form"
        onSubmit={handleSubmit}
        noValidate
        aria-label="Sign up"
      >
        {problem && !problem.field ? <Alert tone="error">{problem.message}</Alert> : null}
        <div className="auth-form__row">
          <TextField label="First Name" autoComplete="given-name" {...fieldProps('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...fieldProps('lastName')} />
        </div>
        <TextField
          label="Username"
          hint="Hint: use your email address"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...fieldProps('username')}
        />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...fieldProps('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...fieldProps('password')}
          aria-describedby="signup-password-guidelines"
        />
        <PasswordGuidelines id="signup-password-guidelines" password={values.password} />
        <div className="auth-form__checks">
          <Checkbox
            name="acceptedTerms"
            checked={acceptedTerms}
            onChange={(event) => setAcceptedTerms(event.target.checked)}
            label={
              <>
                I agree to the{' '}
                <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
                  Terms and Conditions
                </button>
              </>
            }
          />
          <Checkbox
            name="legalAge"
            checked={legalAge}
            onChange={(event) => setLegalAge(event.target.checked)}
            label="I certify that I am of legal age (18+) to use Kindred"
          />
        </div>
        <p className="auth-form__note">
          You will need an authenticator app such as {AUTHENTICATOR_APP_EXAMPLES} on your phone:
          after confirming your email you link it to Kindred, and each sign-in asks for its code.
        </p>
        {!canSubmit ? (
          <p className="auth-form__note" id="signup-requirements">
            Tick both boxes above to create your account.
          </p>
        ) : null}
        <Button
          type="submit"
          fullWidth
          size="lg"
          disabled={!canSubmit}
          loading={submitting}
          aria-describedby={!canSubmit ? 'signup-requirements' : undefined}
        >
          {submitting ? 'Creating account...' : 'Sign Up'}
        </Button>
        <p className="auth-form__switch">
          Already have an account? <Link to={paths.login()}>Login</Link>
        </p>
      </form>
      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
    </>
  );
}
