import type { SignupRequest } from '@kindred/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, linkButtonClassName } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { AUTHENTICATOR_APP_EXAMPLES } from '../authenticator-apps';
import {
  firstProblemResolver,
  SIGNUP_FIELDS,
  SignupFormSchema,
  type SignupField,
  type SignupFormValues,
} from '../validation';
import styles from './auth-form.module.css';
import { PasswordGuidelines } from './password-guidelines';
import { TermsModal } from './terms-modal';

export interface SignupFormProps {
  submitting: boolean;
  /** Called with valid values only (names trimmed, email lower-cased and trimmed). */
  onSubmit: (values: SignupRequest) => void;
}

const resolver = firstProblemResolver(SignupFormSchema);

const EMPTY: SignupFormValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  acceptedTerms: false,
  legalAge: false,
};

/** The sign-up form (SPEC §2 Signup screen, §5 Signup validation). */
export function SignupForm({ submitting, onSubmit }: SignupFormProps) {
  const [termsOpen, setTermsOpen] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    control,
    formState: { errors },
  } = useForm<SignupFormValues, unknown, SignupRequest>({
    resolver,
    // One problem at a time, shown until the next attempt (SPEC §5).
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const [password, acceptedTerms, legalAge] = useWatch({
    control,
    name: ['password', 'acceptedTerms', 'legalAge'],
  });
  const canSubmit = acceptedTerms && legalAge;

  const submit = handleSubmit(
    (values) => onSubmit(values),
    (problems) => {
      // "Please fill in all fields" marks no field: the first empty one takes the focus.
      if (!problems.root) return;
      const firstEmpty = SIGNUP_FIELDS.find((field) => getValues(field).trim() === '');
      if (firstEmpty) setFocus(firstEmpty);
    },
  );

  /** What every sign-up text field shares: its registration, required mark and error. */
  const fieldProps = (field: SignupField) => ({
    required: true,
    error: errors[field]?.message,
    ...register(field),
  });

  return (
    <>
      <form
        className={styles.form}
        onSubmit={(event) => {
          if (submitting || !canSubmit) event.preventDefault();
          else void submit(event);
        }}
        noValidate
        aria-label="Sign up"
      >
        {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
        <div className={styles.row}>
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
        <PasswordGuidelines id="signup-password-guidelines" password={password} />
        <div className={styles.checks}>
          <Checkbox
            {...register('acceptedTerms')}
            label={
              <>
                I agree to the{' '}
                <button
                  type="button"
                  className={linkButtonClassName}
                  onClick={() => setTermsOpen(true)}
                >
                  Terms and Conditions
                </button>
              </>
            }
          />
          <Checkbox
            {...register('legalAge')}
            label="I certify that I am of legal age (18+) to use Kindred"
          />
        </div>
        <p className={styles.note}>
          You will need an authenticator app such as {AUTHENTICATOR_APP_EXAMPLES} on your phone:
          after confirming your email you link it to Kindred, and each sign-in asks for its code.
        </p>
        {!canSubmit ? (
          <p className={styles.note} id="signup-requirements">
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
        <p className={styles.switch}>
          Already have an account? <Link to={paths.login()}>Login</Link>
        </p>
      </form>
      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
    </>
  );
}
