import { zodResolver } from '@hookform/resolvers/zod';
import type { TwoFactorSetupResponse } from '@kindred/contracts';
import { CODE_LENGTH } from '@kindred/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { dismissErrorToasts, notify } from '../../../components/ui/toasts';
import { useBackButtonTrap } from '../../../hooks/use-back-button-trap';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { getStoredUserId, storeMember } from '../../../lib/storage';
import { useSetUpTwoFactor } from '../api/setup-two-factor';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { AuthCard } from '../components/auth-card';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel';
import formStyles from '../components/auth-form.module.css';
import { FormCodeField } from '../components/code-field';
import { AUTHENTICATOR_APP_EXAMPLES } from '../authenticator-apps';
import { AUTH_UI_MESSAGES as M } from '../messages';
import { AuthenticatorCodeSchema, type AuthenticatorCode } from '../validation';
import styles from './two-factor-setup.module.css';

/** SPEC §9: the redirect after 2FA setup waits 2 s. */
export const AFTER_SETUP_REDIRECT_MS = 2_000;

const SIX_DIGITS = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** True when the Verify button may be pressed: exactly 6 digits (SPEC §5). */
export function isCompleteCode(code: string): boolean {
  return SIX_DIGITS.test(code);
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP", easier to type into an app. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Authenticator setup (/2fa-setup/:id): the QR code and the secret for manual entry, then a first
 * code from the app.
 *
 * Where it leads: the route table says /profileedit/{id}, but the sign-up chain also includes the
 * phone step (SPEC §1, §2 phone-verify) and a new member has never verified a phone. So we follow the
 * same rule as the login 2FA screen: /phone-verify/{id} while the phone is unverified, otherwise
 * /profileedit/{id}. The phone step is therefore never skipped for a new member.
 */
export function TwoFactorSetupRoute() {
  useBackButtonTrap();
  const navigate = useNavigate();
  const [userId] = useState(getStoredUserId);
  const setup = useSetUpTwoFactor();
  const verify = useVerifyTwoFactor();
  const [details, setDetails] = useState<TwoFactorSetupResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { handleSubmit, control } = useForm({
    resolver: zodResolver(AuthenticatorCodeSchema),
    defaultValues: { token: '' },
  });
  const code = useWatch({ control, name: 'token' });
  /** Where to go once verified; set means done. */
  const [nextPath, setNextPath] = useState<string | null>(null);
  /** The recovery codes the first code earned: shown once, and the member goes on by hand. */
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const done = nextPath !== null;
  const started = useRef(false);
  const { mutateAsync: startSetup } = setup;

  useEffect(() => {
    // One setup per visit: each call makes a new secret, so a second one would void the QR shown.
    if (started.current) return;
    started.current = true;
    if (!userId) {
      notify.error(M.notSignedIn);
      navigate(paths.login(), { replace: true });
      return;
    }
    startSetup({ userId }).then(
      (response) => setDetails(response),
      (error: unknown) => {
        setLoadFailed(true);
        if (
          error instanceof ApiError &&
          (error.code === 'UNAUTHENTICATED' || error.code === 'SESSION_EXPIRED')
        ) {
          notify.error(M.notSignedIn);
          navigate(paths.login(), { replace: true });
          return;
        }
        notify.error(error instanceof ApiError ? M.twoFactorSetupFailed : M.twoFactorSetupError);
      },
    );
  }, [userId, navigate, startSetup]);

  useEffect(() => {
    // With recovery codes to save, the member says when to go on ("I saved these codes").
    if (nextPath === null || recoveryCodes) return;
    const timer = setTimeout(() => navigate(nextPath, { replace: true }), AFTER_SETUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [nextPath, recoveryCodes, navigate]);

  const retry = () => {
    if (!userId) return;
    setLoadFailed(false);
    startSetup({ userId }).then(setDetails, (error: unknown) => {
      setLoadFailed(true);
      notify.error(error instanceof ApiError ? M.twoFactorSetupFailed : M.twoFactorSetupError);
    });
  };

  const copySecret = async () => {
    if (!details) return;
    try {
      await navigator.clipboard.writeText(details.secret);
      notify.info('Setup key copied');
    } catch {
      notify.info('Select the key and copy it by hand');
    }
  };

  const submit = async ({ token }: AuthenticatorCode) => {
    if (!userId || verify.isPending || done) return;
    try {
      const { user, recoveryCodes: codes } = await verify.mutateAsync({ userId, token });
      storeMember({
        userId: user._id,
        sessionId: user.sessionId,
        firstName: user.firstName,
        verifiedBadge: user.verifiedBadge,
      });
      dismissErrorToasts();
      notify.success(M.twoFactorSuccess);
      if (codes?.length) setRecoveryCodes(codes);
      setNextPath(user.isPhoneVerified ? paths.profileEdit(user._id) : paths.phoneVerify(user._id));
    } catch (error) {
      if (error instanceof ApiError) {
        notify.error(error.code === 'RATE_LIMITED' ? error.message : M.twoFactorInvalid);
      } else {
        notify.error(M.twoFactorVerifyError);
      }
    }
  };

  return (
    <PublicLayout>
      <AuthCard
        wide
        title="Set up two-factor authentication"
        subtitle="Protect your account with an authenticator app."
      >
        {recoveryCodes && nextPath ? (
          <div className={styles.saveCodes}>
            <p className={styles.verifiedNote} role="status">
              Two-factor authentication is on.
            </p>
            <RecoveryCodesPanel
              codes={recoveryCodes}
              onContinue={() => navigate(nextPath, { replace: true })}
            />
          </div>
        ) : (
          <>
            <div className={styles.setup}>
              <ol className={styles.steps}>
                <li>Install an authenticator app such as {AUTHENTICATOR_APP_EXAMPLES}.</li>
                <li>
                  Scan the QR code with the app, or type the setup key into it. On this phone, open
                  the link below the code instead.
                </li>
                <li>Enter the {CODE_LENGTH}-digit code the app shows.</li>
              </ol>
              {details ? (
                <>
                  <img
                    className={styles.qrImage}
                    src={details.qrCode}
                    alt="QR code to scan with your authenticator app"
                    width={192}
                    height={192}
                  />
                  {/* On a phone the QR code cannot be scanned by the same phone: the link hands the
                    otpauth:// URI to the installed authenticator app. */}
                  <a
                    className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    href={details.otpauthUrl}
                  >
                    Open in authenticator app
                  </a>
                  <div className={styles.secretKey}>
                    <span className={styles.secretKeyLabel} id="totp-secret-label">
                      Setup key (for manual entry)
                    </span>
                    <div className={styles.secretKeyRow}>
                      <code
                        className={styles.secretKeyValue}
                        data-testid="totp-secret"
                        aria-labelledby="totp-secret-label"
                      >
                        {groupSecret(details.secret)}
                      </code>
                      <Button variant="secondary" size="sm" onClick={() => void copySecret()}>
                        Copy key
                      </Button>
                    </div>
                  </div>
                </>
              ) : loadFailed ? (
                <Alert tone="error" title={M.twoFactorSetupFailed}>
                  <p>We could not prepare your setup key.</p>
                  <Button variant="secondary" size="sm" onClick={retry}>
                    Try again
                  </Button>
                </Alert>
              ) : (
                <div className={styles.qrPlaceholder}>
                  <Spinner size="lg" label="Preparing your QR code" />
                </div>
              )}
            </div>
            <form
              className={formStyles.form}
              onSubmit={(event) => {
                if (!isCompleteCode(code)) event.preventDefault();
                else void handleSubmit(submit)(event);
              }}
              noValidate
            >
              <FormCodeField control={control} name="token" disabled={done || !details} />
              <Button
                type="submit"
                fullWidth
                size="lg"
                disabled={!isCompleteCode(code) || done || !details}
                loading={verify.isPending}
              >
                Verify
              </Button>
              {done ? (
                <p className={styles.verifiedNote} role="status">
                  Two-factor authentication is on. Taking you to the next step...
                </p>
              ) : null}
            </form>
          </>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
