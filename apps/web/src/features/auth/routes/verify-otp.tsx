import { zodResolver } from '@hookform/resolvers/zod';
import {
  CODE_LENGTH,
  CODE_RESEND_WAIT_SECONDS,
  CODE_TTL_SECONDS,
  VerifyOtpRequestSchema,
  type VerifyOtpRequest,
} from '@kindred/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { dismissErrorToasts, notify } from '../../../components/ui/toasts';
import { useBackButtonTrap } from '../../../hooks/use-back-button-trap';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths, safeInternalPath } from '../../../lib/paths';
import { storage, storeMember } from '../../../lib/storage';
import { useSendEmailOtp } from '../api/send-otp';
import { useVerifyEmailOtp } from '../api/verify-otp';
import { AuthCard } from '../components/auth-card';
import formStyles from '../components/auth-form.module.css';
import { FormCodeField } from '../components/code-field';
import { ResendControl } from '../components/resend-control';
import { useCountdown } from '../hooks/use-countdown';
import { AUTH_UI_MESSAGES as M } from '../messages';
import { markOtpSent, secondsUntilResend } from '../otp-resend';
import { normalizeEmail } from '../validation';

/**
 * Email code entry (/verify-otp). With a stored sign-up email the code is sent on arrival — unless
 * one was sent to that address less than 60 s ago (sign-up has just sent it), in which case the
 * resend countdown simply continues. Without a stored email the visitor types the address.
 */
export function VerifyOtpRoute() {
  useBackButtonTrap();
  const navigate = useNavigate();
  const sendOtp = useSendEmailOtp();
  const verifyOtp = useVerifyEmailOtp();
  const countdown = useCountdown();
  const { start: startCountdown } = countdown;
  const [storedEmail] = useState(() => storage.get('signupEmail'));
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(VerifyOtpRequestSchema),
    defaultValues: { email: storedEmail ?? '', otp: '' },
  });
  const [email, code] = useWatch({ control, name: ['email', 'otp'] });
  const [verified, setVerified] = useState(false);
  const autoSendDone = useRef(false);
  const { mutateAsync: requestCode } = sendOtp;

  const send = useCallback(
    async (address: string, automatic: boolean) => {
      try {
        await requestCode({ email: address });
        markOtpSent(address);
        startCountdown(CODE_RESEND_WAIT_SECONDS);
        notify.success(M.otpSent(address));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
          startCountdown(error.retryAfterSeconds ?? CODE_RESEND_WAIT_SECONDS);
          // An automatic send that meets the wait simply shows the countdown.
          if (!automatic) notify.error(error.message);
          return;
        }
        notify.error(
          error instanceof ApiError ? (error.serverMessage ?? M.otpSendFailed) : M.otpEmailFailed,
        );
      }
    },
    [requestCode, startCountdown],
  );

  useEffect(() => {
    if (!storedEmail || autoSendDone.current) return;
    autoSendDone.current = true;
    const wait = secondsUntilResend(storedEmail);
    if (wait > 0) startCountdown(wait);
    else void send(storedEmail, true);
  }, [storedEmail, send, startCountdown]);

  const address = normalizeEmail(email);
  const canResend = address !== '' && !countdown.running && !sendOtp.isPending && !verified;

  const verify = async (values: VerifyOtpRequest) => {
    if (verifyOtp.isPending || verified) return;
    try {
      const response = await verifyOtp.mutateAsync(values);
      setVerified(true);
      storeMember({ userId: response.userId });
      storage.remove('signupEmail');
      dismissErrorToasts();
      notify.success(M.emailVerified);
      // New accounts set up 2FA next; an account that already has it (a login whose email
      // verification was overdue) enters its code instead.
      const next =
        response.nextStep === '2fa-verify'
          ? safeInternalPath(response.verifyUrl, paths.twoFactorVerify(response.userId))
          : safeInternalPath(response.setupUrl, paths.twoFactorSetup(response.userId));
      navigate(next, { replace: true });
    } catch (error) {
      notify.error(messageOf(error, M.otpVerifyFailed));
    }
  };

  return (
    <PublicLayout>
      <AuthCard
        title="Verify your email"
        subtitle={
          storedEmail ? (
            <>
              Enter the {CODE_LENGTH}-digit code we sent to <strong>{storedEmail}</strong>.
            </>
          ) : (
            `Enter your email address and the ${CODE_LENGTH}-digit code we sent you.`
          )
        }
      >
        <form
          className={formStyles.form}
          onSubmit={(event) => {
            if (!address || code.length === 0) event.preventDefault();
            else void handleSubmit(verify)(event);
          }}
          noValidate
        >
          {!storedEmail ? (
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
          ) : null}
          <FormCodeField
            control={control}
            name="otp"
            hint={`The code expires after ${CODE_TTL_SECONDS / 60} minutes.`}
            disabled={verified}
            autoFocus={Boolean(storedEmail)}
          />
          <Button
            type="submit"
            fullWidth
            size="lg"
            disabled={!address || code.length === 0 || verified}
            loading={verifyOtp.isPending}
          >
            Verify
          </Button>
          <ResendControl
            secondsLeft={countdown.secondsLeft}
            disabled={!canResend}
            sending={sendOtp.isPending}
            onResend={() => void send(address, false)}
            prompt={storedEmail ? "Didn't get the code?" : 'Need a code?'}
            label={storedEmail ? 'Resend code' : 'Send code'}
          />
        </form>
      </AuthCard>
    </PublicLayout>
  );
}
