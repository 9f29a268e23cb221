import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_LENGTH, CODE_RESEND_WAIT_SECONDS, PHONE_NATIONAL_DIGITS } from '@kindred/contracts';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Button, linkButtonClassName } from '../../../components/ui/button';
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
import formStyles from '../components/auth-form.module.css';
import { FormCodeField } from '../components/code-field';
import { ResendControl } from '../components/resend-control';
import { COUNTRY_CODES, DEFAULT_COUNTRY_ISO, dialCodeFor } from '../country-codes';
import { useCountdown } from '../hooks/use-countdown';
import { AUTH_UI_MESSAGES as M } from '../messages';
import {
  digitsOnly,
  PhoneCodeSchema,
  PhoneNumberFormSchema,
  type PhoneCode,
  type PhoneNumberForm,
} from '../validation';
import styles from './phone-verify.module.css';

const COUNTRY_OPTIONS = COUNTRY_CODES.map((entry) => ({
  value: entry.iso,
  label: `${entry.country} (${entry.dialCode})`,
}));

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
  const numberForm = useForm({
    resolver: zodResolver(PhoneNumberFormSchema),
    defaultValues: { countryIso: DEFAULT_COUNTRY_ISO, phoneNumber: '' },
  });
  const number = useWatch({ control: numberForm.control, name: 'phoneNumber' });
  const numberComplete = PhoneNumberFormSchema.shape.phoneNumber.safeParse(number).success;
  /** The full number the code was sent to; set means "code sent" (step 2). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codeForm = useForm({
    resolver: zodResolver(PhoneCodeSchema),
    defaultValues: { code: '' },
  });
  const code = useWatch({ control: codeForm.control, name: 'code' });
  const [verified, setVerified] = useState(false);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!userId) {
      notify.error(M.notSignedIn);
      navigate(paths.login(), { replace: true });
    }
  }, [userId, navigate]);

  const send = async (to: string) => {
    if (!userId) return;
    try {
      const response = await sendCode.mutateAsync({ userId, phoneNumber: to });
      setSentTo(to);
      countdown.start(response.resendAfterSeconds ?? CODE_RESEND_WAIT_SECONDS);
      notify.success(M.phoneCodeSent);
      if (response.devMode && response.devCode) {
        codeForm.setValue('code', digitsOnly(response.devCode, CODE_LENGTH));
        notify.info(M.phoneDevCode);
      }
      // Move the member on to the code, whether it was typed or filled in.
      setTimeout(() => codeForm.setFocus('code'), 0);
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.code === 'RATE_LIMITED' &&
        error.retryAfterSeconds !== undefined
      ) {
        countdown.start(error.retryAfterSeconds);
      }
      notify.error(messageOf(error, M.phoneCodeFailed));
    }
  };

  const handleSend = ({ countryIso, phoneNumber }: PhoneNumberForm) => {
    if (sendCode.isPending) return;
    void send(`${dialCodeFor(countryIso) ?? '+91'}${phoneNumber}`);
  };

  const handleVerify = async ({ code }: PhoneCode) => {
    if (!userId || !sentTo || verifyPhone.isPending || verified) return;
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
    codeForm.setValue('code', '');
  };

  return (
    <PublicLayout>
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
          <form
            className={formStyles.form}
            onSubmit={(event) => {
              if (!numberComplete) event.preventDefault();
              else void numberForm.handleSubmit(handleSend)(event);
            }}
            noValidate
          >
            <div className={styles.phoneRow}>
              <Select
                label="Country code"
                options={COUNTRY_OPTIONS}
                autoComplete="tel-country-code"
                {...numberForm.register('countryIso')}
              />
              <Controller
                control={numberForm.control}
                name="phoneNumber"
                render={({ field, fieldState }) => (
                  <TextField
                    label="Phone number"
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    pattern={`[0-9]{${PHONE_NATIONAL_DIGITS}}`}
                    maxLength={PHONE_NATIONAL_DIGITS}
                    required
                    hint={`${PHONE_NATIONAL_DIGITS} digits, without the country code`}
                    error={fieldState.error?.message}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      field.onChange(digitsOnly(event.target.value, PHONE_NATIONAL_DIGITS))
                    }
                  />
                )}
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
          <form
            className={formStyles.form}
            onSubmit={(event) => {
              if (!CODE_PATTERN.test(code)) event.preventDefault();
              else void codeForm.handleSubmit(handleVerify)(event);
            }}
            noValidate
          >
            <FormCodeField control={codeForm.control} name="code" disabled={verified} />
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
            <p className={formStyles.switch}>
              Wrong number?{' '}
              <button
                type="button"
                className={linkButtonClassName}
                onClick={changeNumber}
                disabled={verified}
              >
                Change number
              </button>
            </p>
          </form>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
