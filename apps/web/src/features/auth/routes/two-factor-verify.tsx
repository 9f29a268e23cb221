import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_LENGTH } from '@kindred/contracts';
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
import { AuthenticatorCodeSchema, type AuthenticatorCode } from '../validation';
import { AUTH_UI_MESSAGES as M } from '../messages';

/** SPEC §8 "At login 2FA". */
export function twoFactorLoginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return M.twoFactorInvalid;
    // Too many wrong codes: the server says how long to wait.
    if (error.status === 429) return error.message;
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

  const submit = async ({ token }: AuthenticatorCode) => {
    if (verify.isPending || verified) return;
    if (!userId) {
      notify.error(M.sessionExpired);
      navigate(paths.login(), { replace: true });
      return;
    }
    try {
      const { user } = await verify.mutateAsync({ userId, token });
      setVerified(true);
      storeMember({
        userId: user._id,
        sessionId: user.sessionId,
        firstName: user.firstName,
        verifiedBadge: user.verifiedBadge,
      });
      dismissErrorToasts();
      notify.success(M.twoFactorSuccess);
      const next = user.isPhoneVerified
        ? (takeReturnTo() ?? paths.profileEdit(user._id))
        : paths.phoneVerify(user._id);
      navigate(next, { replace: true });
    } catch (error) {
      notify.error(twoFactorLoginErrorMessage(error));
    }
  };

  return (
    <PublicLayout>
      <AuthCard
        title="Two-factor verification"
        subtitle={`Enter the ${CODE_LENGTH}-digit code from your authenticator app.`}
        footer={
          <>
            Not you?{' '}
            <button type="button" className={linkButtonClassName} onClick={() => void logout()}>
              Use a different account
            </button>
          </>
        }
      >
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
        </form>
      </AuthCard>
    </PublicLayout>
  );
}
