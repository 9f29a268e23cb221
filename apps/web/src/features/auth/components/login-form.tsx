import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { firstProblemResolver } from '../first-problem-resolver';
import { LoginFormSchema, type LoginFormValues } from '../login-validation';
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

const resolver = firstProblemResolver(LoginFormSchema);

/** The sign-in form (SPEC §2 Login screen, §5 Login validation). */
export function LoginForm({
  initialEmail = '',
  initialRememberMe = false,
  submitting,
  onSubmit,
}: LoginFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, LoginSubmission>({
    resolver,
    // One problem at a time, shown until the next attempt (SPEC §5).
    reValidateMode: 'onSubmit',
    defaultValues: {
      email: initialEmail,
      password: '',
      legalAge: false,
      rememberMe: initialRememberMe,
      newsletter: false,
    },
  });

  const submit = handleSubmit(
    ({ email, password, rememberMe, newsletter }) =>
      onSubmit({ email, password, rememberMe, newsletter }),
    (problems) => {
      // "Please fill in all fields" marks no field: the first empty one takes the focus.
      if (problems.root) setFocus(getValues('email').trim() === '' ? 'email' : 'password');
    },
  );

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        if (submitting) event.preventDefault();
        else void submit(event);
      }}
      noValidate
      aria-label="Sign in"
    >
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <p className={styles.aside}>
        <Link to={paths.forgotPassword()}>Forgot password?</Link>
      </p>
      <div className={styles.checks}>
        <Checkbox
          label="I certify that I am of legal age (18+) to use Kindred"
          error={errors.legalAge?.message}
          {...register('legalAge')}
        />
        <Checkbox label="Remember me" {...register('rememberMe')} />
        <Checkbox label="Subscribe to the Kindred newsletter" {...register('newsletter')} />
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
