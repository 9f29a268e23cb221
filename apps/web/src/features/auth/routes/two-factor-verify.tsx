import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_LENGTH, RECOVERY_CODE_MESSAGES, type ErrorCode } from '@kindred/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Button, linkButtonClassName } from '../../../components/ui/button';
import { dismissErrorToasts, notify } from '../../../components/ui/toasts';
import { useBackButtonTrap } from '../../../hooks/use-back-button-trap';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { logout } from '../../../lib/session';
import { getStoredUserId, storeMember, takeReturnTo } from '../../../lib/storage';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { AuthCard } from '../components/auth-card';
import formStyles from '../components/auth-form.module.css';
import { FormCodeField } from '../components/code-field';
import { TextField } from '../../../components/ui/text-field';
import { AuthenticatorCodeSchema, RecoveryCodeFormSchema } from '../validation';
import { AUTH_UI_MESSAGES as M } from '../messages';

/** How long the "recovery code accepted, N left" notice stays (a click closes it sooner). */
export const RECOVERY_NOTICE_MS = 10_000;

/**
 * The 2FA step's 401s (SPEC §8: they all read "Invalid verification code"): a wrong code, or a
 * session that is gone or never gave its password.
 */
const NOT_ACCEPTED: ReadonlySet<ErrorCode> = new Set([
  'CODE_INVALID',
  'SESSION_EXPIRED',
  'UNAUTHENTICATED',
]);

/** SPEC §8 "At login 2FA". */
export function twoFactorLoginErrorMessage(error: unknown, usingRecoveryCode = false): string {
  if (error instanceof ApiError) {
    if (NOT_ACCEPTED.has(error.code)) {
      return usingRecoveryCode && error.code === 'CODE_INVALID'
        ? RECOVERY_CODE_MESSAGES.invalid
        : M.twoFactorInvalid;
    }
    // A recovery code the server could not read: its own words ("like abcd-2345").
    if (usingRecoveryCode && error.code === 'VALIDATION_FAILED' && error.serverMessage)
      return error.serverMessage;
    // Too many wrong codes: the server says how long to wait.
    if (error.code === 'RATE_LIMITED') return error.message;
  }
  return M.twoFactorLoginFailed;
}

/**
 * The 2FA step of login (/2fa-verify/:id). On success: the phone step when the phone is unverified,
 * otherwise the page a member page sent the visitor away from (SPEC §2 "remembering the origin"),
 * else /profileedit/{id} as the route table says.
 */
export function TwoFactorVerifyRoute() {
  useBackButtonTrap();
  const navigate = useNavigate();
  const [userId] = useState(getStoredUserId);
  const verify = useVerifyTwoFactor();
  const { handleSubmit, control } = useForm({
    resolver: zodResolver(AuthenticatorCodeSchema),
    defaultValues: { token: '' },
  });
  const code = useWatch({ control, name: 'token' });
  const recoveryForm = useForm({
    resolver: zodResolver(RecoveryCodeFormSchema),
    defaultValues: { recoveryCode: '' },
  });
  const recoveryCode = useWatch({ control: recoveryForm.control, name: 'recoveryCode' });
  /** "Use a recovery code instead": the form asks for one of the member's recovery codes. */
  const [usingRecoveryCode, setUsingRecoveryCode] = useState(false);
  const [verified, setVerified] = useState(false);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!userId) {
      notify.error(M.sessionExpired);
      navigate(paths.login(), { replace: true });
    }
  }, [userId, navigate]);

  const submit = async (answer: { token: string } | { recoveryCode: string }) => {
    if (verify.isPending || verified) return;
    if (!userId) {
      notify.error(M.sessionExpired);
      navigate(paths.login(), { replace: true });
      return;
    }
    const withRecoveryCode = 'recoveryCode' in answer;
    try {
      const { user, recoveryCodesRemaining } = await verify.mutateAsync({ userId, ...answer });
      setVerified(true);
      storeMember({
        userId: user._id,
        sessionId: user.sessionId,
        firstName: user.firstName,
        verifiedBadge: user.verifiedBadge,
        role: user.role ?? 'member',
      });
      dismissErrorToasts();
      if (recoveryCodesRemaining === undefined) {
        notify.success(M.twoFactorSuccess);
      } else {
        // How many are left matters (none left: make new ones in Settings): time to read it.
        notify.success(RECOVERY_CODE_MESSAGES.accepted(recoveryCodesRemaining), {
          autoClose: RECOVERY_NOTICE_MS,
        });
      }
      const next = user.isPhoneVerified
        ? (takeReturnTo() ?? paths.profileEdit(user._id))
        : paths.phoneVerify(user._id);
      navigate(next, { replace: true });
    } catch (error) {
      notify.error(twoFactorLoginErrorMessage(error, withRecoveryCode));
    }
  };

  const switchTo = (recovery: boolean) => {
    setUsingRecoveryCode(recovery);
    dismissErrorToasts();
  };

  return (
    <PublicLayout>
      <AuthCard
        title="Two-factor verification"
        subtitle={
          usingRecoveryCode
            ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
            : `Enter the ${CODE_LENGTH}-digit code from your authenticator app.`
        }
        footer={
          <>
            Not you?{' '}
            <button type="button" className={linkButtonClassName} onClick={() => void logout()}>
              Use a different account
            </button>
          </>
        }
      >
        {usingRecoveryCode ? (
          <form
            className={formStyles.form}
            onSubmit={(event) => {
              if (recoveryCode.trim() === '') event.preventDefault();
              else void recoveryForm.handleSubmit(submit)(event);
            }}
            noValidate
          >
            <TextField
              label="Recovery code"
              hint="Like abcd-2345. Each code works once."
              placeholder="xxxx-xxxx"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              disabled={verified}
              error={recoveryForm.formState.errors.recoveryCode?.message}
              {...recoveryForm.register('recoveryCode')}
            />
            <Button
              type="submit"
              fullWidth
              size="lg"
              disabled={recoveryCode.trim() === '' || verified}
              loading={verify.isPending}
            >
              Verify
            </Button>
            <button type="button" className={linkButtonClassName} onClick={() => switchTo(false)}>
              Use the authenticator app instead
            </button>
          </form>
        ) : (
          <form
            className={formStyles.form}
            onSubmit={(event) => {
              if (code.length === 0) event.preventDefault();
              else void handleSubmit(submit)(event);
            }}
            noValidate
          >
            <FormCodeField control={control} name="token" disabled={verified} autoFocus />
            <Button
              type="submit"
              fullWidth
              size="lg"
              disabled={code.length === 0 || verified}
              loading={verify.isPending}
            >
              Verify
            </Button>
            <button type="button" className={linkButtonClassName} onClick={() => switchTo(true)}>
              Use a recovery code instead
            </button>
          </form>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
