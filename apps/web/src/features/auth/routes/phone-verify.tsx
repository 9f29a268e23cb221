import { CODE_LENGTH, CODE_RESEND_WAIT_SECONDS, PHONE_NATIONAL_DIGITS } from '@kindred/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { dismissErrorToasts, notify } from '../../../components/ui/toasts';
import { useBackButtonTrap } from '../../../hooks/use-back-button-trap';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { getStoredUserId, storeMember } from '../../../lib/storage';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { AuthCard } from '../components/auth-card';
import { CodeField } from '../components/code-field';
import { ResendControl } from '../components/resend-control';
import { COUNTRY_CODES, DEFAULT_COUNTRY_ISO, dialCodeFor } from '../country-codes';
import { useCountdown } from '../hooks/use-countdown';
import { AUTH_UI_MESSAGES as M } from '../messages';
import { digitsOnly } from '../validation';

const COUNTRY_OPTIONS = COUNTRY_CODES.map((entry) => ({
  value: entry.iso,
  label: `${entry.country} (${entry.dialCode})`,
}));

const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_NATIONAL_DIGITS}}$`);
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/**
 * Phone verification (/phone-verify/:id): country code (default +91) and number, then the texted
 * 6-digit code, with resend after 60 s. In SMS dev mode the API returns the code and it is filled in.
 */
export function PhoneVerifyRoute() {
  useBackButtonTrap();
  const navigate = useNavigate();
  const [userId] = useState(getStoredUserId);
  const sendCode = useSendPhoneCode();
  const verifyPhone = useVerifyPhone();
  const countdown = useCountdown();
  const [countryIso, setCountryIso] = useState(DEFAULT_COUNTRY_ISO);
  const [number, setNumber] = useState('');
  /** The full number the code was sent to; set means "code sent" (step 2). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!userId) {
      notify.error(M.notSignedIn);
      navigate(paths.login(), { replace: true });
    }
  }, [userId, navigate]);

  const phoneNumber = `${dialCodeFor(countryIso) ?? '+91'}${number}`;
  const numberComplete = PHONE_PATTERN.test(number);

  const send = async (to: string) => {
    if (!userId) return;
    try {
      const response = await sendCode.mutateAsync({ userId, phoneNumber: to });
      setSentTo(to);
      countdown.start(response.resendAfterSeconds ?? CODE_RESEND_WAIT_SECONDS);
      notify.success(M.phoneCodeSent);
      if (response.devMode && response.devCode) {
        setCode(digitsOnly(response.devCode, CODE_LENGTH));
        notify.info(M.phoneDevCode);
      }
      // Move the member on to the code, whether it was typed or filled in.
      setTimeout(() => codeInput.current?.focus(), 0);
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 429 &&
        error.retryAfterSeconds !== undefined
      ) {
        countdown.start(error.retryAfterSeconds);
      }
      notify.error(messageOf(error, M.phoneCodeFailed));
    }
  };

  const handleSend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!numberComplete || sendCode.isPending) return;
    void send(phoneNumber);
  };

  const handleVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!userId || !sentTo || !CODE_PATTERN.test(code) || verifyPhone.isPending || verified) return;
    try {
      const response = await verifyPhone.mutateAsync({ userId, phoneNumber: sentTo, code });
      setVerified(true);
      storeMember({ verifiedBadge: response.verifiedBadge });
      dismissErrorToasts();
      notify.success(M.phoneVerified);
      navigate(paths.profileEdit(userId), { replace: true });
    } catch (error) {
      notify.error(messageOf(error, M.phoneVerifyFailed));
    }
  };

  const changeNumber = () => {
    setSentTo(null);
    setCode('');
  };

  return (
    <PublicLayout>
      <div className="auth-page">
        <AuthCard
          wide
          title="Verify your phone number"
          subtitle={
            sentTo
              ? `Enter the ${CODE_LENGTH}-digit code we texted to ${sentTo}.`
              : 'We will text you a code to confirm this number is yours.'
          }
        >
          {!sentTo ? (
            <form className="auth-form" onSubmit={handleSend} noValidate>
              <div className="phone-row">
                <Select
                  label="Country code"
                  name="countryCode"
                  options={COUNTRY_OPTIONS}
                  value={countryIso}
                  onChange={(event) => setCountryIso(event.target.value)}
                  autoComplete="tel-country-code"
                />
                <TextField
                  label="Phone number"
                  name="phoneNumber"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  pattern={`[0-9]{${PHONE_NATIONAL_DIGITS}}`}
                  maxLength={PHONE_NATIONAL_DIGITS}
                  required
                  hint={`${PHONE_NATIONAL_DIGITS} digits, without the country code`}
                  value={number}
                  onChange={(event) =>
                    setNumber(digitsOnly(event.target.value, PHONE_NATIONAL_DIGITS))
                  }
                />
              </div>
              <Button
                type="submit"
                fullWidth
                size="lg"
                disabled={!numberComplete}
                loading={sendCode.isPending}
              >
                Send code
              </Button>
            </form>
          ) : (
            <form className="auth-form" onSubmit={(event) => void handleVerify(event)} noValidate>
              <CodeField ref={codeInput} value={code} onChange={setCode} disabled={verified} />
              <Button
                type="submit"
                fullWidth
                size="lg"
                disabled={!CODE_PATTERN.test(code) || verified}
                loading={verifyPhone.isPending}
              >
                Verify
              </Button>
              <ResendControl
                secondsLeft={countdown.secondsLeft}
                disabled={countdown.running || verified}
                sending={sendCode.isPending}
                onResend={() => void send(sentTo)}
              />
              <p className="auth-form__switch">
                Wrong number?{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={changeNumber}
                  disabled={verified}
                >
                  Change number
                </button>
              </p>
            </form>
          )}
        </AuthCard>
      </div>
    </PublicLayout>
  );
}
