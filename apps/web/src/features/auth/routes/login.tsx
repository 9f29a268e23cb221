import type { ErrorCode, LoginResponse } from '@kindred/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Alert } from '../../../components/ui/alert';
import { authToast } from '../../../components/ui/toasts';
import { ApiError } from '../../../lib/api-client';
import { tryCoordinates, type Coordinates } from '../../../lib/geolocation';
import { paths } from '../../../lib/paths';
import { rememberReturnTo, storage, storeMember, takeReturnTo } from '../../../lib/storage';
import { logIn, verificationRequired } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { CoverSplash } from '../components/cover-splash';
import { LoginForm, type LoginSubmission } from '../components/login-form';
import { LOGIN_UI_MESSAGES as M } from '../login-messages';
import type { LoginNotice } from './forgot-password';

/** SPEC §9 timings. */
export const SPLASH_MS = 1_000;
export const LOGIN_NAVIGATION_DELAY_MS = 100;
/** How long a submit waits for the browser's position before sending without it. */
const SUBMIT_POSITION_WAIT_MS = 2_000;
const PAGE_LOAD_POSITION_WAIT_MS = 15_000;

/** Where a successful login continues, from the API's nextStep. */
export function destinationAfterLogin(response: Pick<LoginResponse, 'nextStep' | 'user'>): string {
  const id = response.user._id;
  switch (response.nextStep) {
    case '2fa-verify':
      return paths.twoFactorVerify(id);
    case '2fa-setup':
      return paths.twoFactorSetup(id);
    case 'verify-email':
      return paths.verifyOtp();
    default:
      // A login that needs no further step (not something the API does today) lands where the
      // visitor was going, else on the feed (SPEC §4 "goes to /feed after 100 ms").
      return takeReturnTo() ?? paths.feed();
  }
}

/**
 * The toast after a right password. Every login today continues with another step (the
 * authenticator code, its setup, or the email code), so it says so; only a login that needs no
 * further step says "Login successful!" (SPEC §8): the member is signed in only after the last step.
 */
export function loginProgressMessage(nextStep: LoginResponse['nextStep'] | undefined): string {
  return (nextStep && M.loginPasswordAccepted[nextStep]) || M.loginSuccess;
}

/** Login (/): splash, then the sign-in form. SPEC §2, §4 Login flow, §5, §8. */
export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [showSplash, setShowSplash] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const pageLoadPosition = useRef<Coordinates | null>(null);
  const [remembered] = useState(() => ({
    rememberMe: storage.get('rememberMe') === 'true',
    email: storage.get('lastLoginEmail') ?? '',
  }));

  useEffect(() => {
    const timer = setTimeout(() => setShowSplash(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  // SPEC §7: the position is requested at page load (and again at submit); a refusal is ignored.
  useEffect(() => {
    let active = true;
    void tryCoordinates(PAGE_LOAD_POSITION_WAIT_MS).then((coordinates) => {
      if (active && coordinates) pageLoadPosition.current = coordinates;
    });
    return () => {
      active = false;
    };
  }, []);

  // A member page sent the visitor here: remember where, for after the sign-in steps.
  const from = (location.state as { from?: unknown } | null)?.from;
  // What the screen before said happened (a password reset).
  const notice = (location.state as Partial<LoginNotice> | null)?.notice;
  useEffect(() => {
    if (typeof from === 'string') rememberReturnTo(from);
  }, [from]);

  const goTo = (path: string) => {
    setTimeout(() => navigate(path, { replace: true }), LOGIN_NAVIGATION_DELAY_MS);
  };

  const handleSubmit = async (values: LoginSubmission) => {
    setSubmitting(true);
    const coordinates = (await tryCoordinates(SUBMIT_POSITION_WAIT_MS)) ?? pageLoadPosition.current;
    try {
      const response = await logIn({ ...values, coordinates });
      storeMember({
        userId: response.user._id,
        firstName: response.user.firstName,
        verifiedBadge: response.user.verifiedBadge,
      });
      if (values.rememberMe) {
        storage.set('rememberMe', 'true');
        storage.set('lastLoginEmail', values.email);
      } else {
        storage.remove('rememberMe');
        storage.remove('lastLoginEmail');
      }
      if (response.nextStep === 'verify-email') storage.set('signupEmail', response.user.email);
      authToast.success(loginProgressMessage(response.nextStep));
      goTo(destinationAfterLogin(response));
    } catch (error) {
      const pending = verificationRequired(error);
      if (pending) {
        // The 7-day email deadline passed: the API started a pending session; verify the email now.
        storeMember({
          userId: pending.user._id,
          firstName: pending.user.firstName,
          verifiedBadge: pending.user.verifiedBadge,
        });
        storage.set('signupEmail', pending.user.email);
        authToast.error(pending.message);
        goTo(paths.verifyOtp());
        return;
      }
      authToast.error(loginErrorMessage(error));
      setSubmitting(false);
    }
  };

  if (showSplash) return <CoverSplash />;

  return (
    <PublicLayout>
      <AuthCard title="Welcome back" subtitle="Sign in to continue to Kindred.">
        {typeof notice === 'string' ? <Alert tone="success">{notice}</Alert> : null}
        <LoginForm
          initialEmail={remembered.rememberMe ? remembered.email : ''}
          initialRememberMe={remembered.rememberMe}
          submitting={submitting}
          onSubmit={(values) => void handleSubmit(values)}
        />
      </AuthCard>
    </PublicLayout>
  );
}

/** The server or something in front of it failed (not the member's input). */
const SERVER_FAILURES: ReadonlySet<ErrorCode> = new Set([
  'SERVER_ERROR',
  'DELIVERY_FAILED',
  'UNAVAILABLE',
]);

/** SPEC §8 Login errors. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_CREDENTIALS') return M.invalidCredentials;
    if (SERVER_FAILURES.has(error.code)) return M.serverError;
    // success:false (or another refusal such as a rate limit): the server's message, else "Login failed".
    return error.serverMessage ?? M.loginFailed;
  }
  return M.loginConnectionFailed;
}
