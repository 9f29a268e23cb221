import {
  ACCOUNT_CODE_TTL_SECONDS,
  CODE_LENGTH,
  CODE_RESEND_WAIT_SECONDS,
  type ErrorCode,
} from '@kindred/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, linkButtonClassName } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import formStyles from '../components/auth-form.module.css';
import { FormCodeField } from '../components/code-field';
import { PasswordField } from '../components/password-field';
import { PasswordGuidelines } from '../components/password-guidelines';
import { ResendControl } from '../components/resend-control';
import { firstProblemResolver } from '../first-problem-resolver';
import { useCountdown } from '../hooks/use-countdown';
import {
  ForgotPasswordFormSchema,
  PASSWORD_RESET_UI_MESSAGES as M,
  ResetPasswordFormSchema,
  type ForgotPasswordFormValues,
  type ResetPasswordFormValues,
} from '../password-reset-validation';

/** What the login page shows after a reset (router state of the move back to it). */
export interface LoginNotice {
  notice: string;
}

/** The failures that concern the code the member typed: said on the code field. */
const CODE_PROBLEMS: readonly ErrorCode[] = ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_NOT_REQUESTED'];

const forgotResolver = firstProblemResolver(ForgotPasswordFormSchema);
const resetResolver = firstProblemResolver(ResetPasswordFormSchema);

/**
 * Forgot password (/forgot-password): the email, then the emailed code with a new password (the
 * sign-up rules), then back to the login page, which says the password was reset. The API answers
 * the email step the same way whether or not the address has an account, and so does this screen.
 */
export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const requestCode = useRequestPasswordReset();
  const countdown = useCountdown();
  /** The address a code was asked for (then the second step shows), and what the API said. */
  const [requested, setRequested] = useState<{ email: string; message: string } | null>(null);
  /** Kept for "Use another email", which goes back to the first step with it filled in. */
  const [lastEmail, setLastEmail] = useState('');

  const send = async (email: string): Promise<boolean> => {
    try {
      const response = await requestCode.mutateAsync({ email });
      setRequested({ email, message: response.message });
      setLastEmail(email);
      countdown.start(CODE_RESEND_WAIT_SECONDS);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED' && error.retryAfterSeconds) {
        countdown.start(error.retryAfterSeconds);
      }
      notify.error(messageOf(error, M.requestFailed));
      return false;
    }
  };

  return (
    <PublicLayout>
      <AuthCard
        title="Reset your password"
        subtitle={
          requested
            ? `Enter the ${CODE_LENGTH}-digit code from the email and choose a new password.`
            : "Enter your account's email address and we will email you a code."
        }
        footer={
          <p className={formStyles.switch}>
            Remembered it? <Link to={paths.login()}>Back to login</Link>
          </p>
        }
      >
        {requested ? (
          <ResetStep
            email={requested.email}
            requestedMessage={requested.message}
            secondsUntilResend={countdown.secondsLeft}
            resending={requestCode.isPending}
            onResend={() => void send(requested.email)}
            onOtherEmail={() => setRequested(null)}
            onDone={(message) =>
              navigate(paths.login(), {
                replace: true,
                state: { notice: message } satisfies LoginNotice,
              })
            }
          />
        ) : (
          <EmailStep
            initialEmail={lastEmail}
            sending={requestCode.isPending}
            onSubmit={(email) => void send(email)}
          />
        )}
      </AuthCard>
    </PublicLayout>
  );
}

function EmailStep({
  initialEmail,
  sending,
  onSubmit,
}: {
  initialEmail: string;
  sending: boolean;
  onSubmit: (email: string) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues, unknown, { email: string }>({
    resolver: forgotResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { email: initialEmail },
  });
  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => {
        if (sending) event.preventDefault();
        else void handleSubmit(({ email }) => onSubmit(email))(event);
      }}
      noValidate
      aria-label="Request a reset code"
    >
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" fullWidth size="lg" loading={sending}>
        {sending ? 'Sending...' : 'Send code'}
      </Button>
    </form>
  );
}

interface ResetStepProps {
  email: string;
  requestedMessage: string;
  secondsUntilResend: number;
  resending: boolean;
  onResend: () => void;
  onOtherEmail: () => void;
  onDone: (message: string) => void;
}

function ResetStep({
  email,
  requestedMessage,
  secondsUntilResend,
  resending,
  onResend,
  onOtherEmail,
  onDone,
}: ResetStepProps) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues, unknown, ResetPasswordFormValues>({
    resolver: resetResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { email, code: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = async (values: ResetPasswordFormValues) => {
    try {
      const response = await reset.mutateAsync(values);
      onDone(response.message);
    } catch (error) {
      // A wrong, expired or unknown code is said on the code field; the rest in a toast.
      if (error instanceof ApiError && error.code && CODE_PROBLEMS.includes(error.code)) {
        setError('code', { message: messageOf(error, M.resetFailed) }, { shouldFocus: true });
        return;
      }
      notify.error(messageOf(error, M.resetFailed));
    }
  };

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => {
        if (reset.isPending) event.preventDefault();
        else void handleSubmit(submit)(event);
      }}
      noValidate
      aria-label="Choose a new password"
    >
      <Alert tone="info">
        {requestedMessage} (<strong>{email}</strong>)
      </Alert>
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <FormCodeField
        control={control}
        name="code"
        label="Reset code"
        hint={`The code expires after ${ACCOUNT_CODE_TTL_SECONDS / 60} minutes.`}
        autoFocus
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        aria-describedby="reset-password-guidelines"
        {...register('password')}
      />
      <PasswordGuidelines id="reset-password-guidelines" password={password} />
      <Button type="submit" fullWidth size="lg" loading={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset password'}
      </Button>
      <ResendControl
        secondsLeft={secondsUntilResend}
        disabled={secondsUntilResend > 0}
        sending={resending}
        onResend={onResend}
      />
      <p className={formStyles.note}>
        Wrong address?{' '}
        <button type="button" className={linkButtonClassName} onClick={onOtherEmail}>
          Use another email
        </button>
      </p>
    </form>
  );
}
