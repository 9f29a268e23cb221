import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_LENGTH, DEFAULT_COUNTRY_CODE, PHONE_NATIONAL_DIGITS } from '@kindred/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button, linkButtonClassName } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { getStoredUserId, storeMember } from '../../../lib/storage';
import {
  ACCOUNT_UI_MESSAGES as M,
  dialCode,
  PhoneChangeFormSchema,
  PhoneCodeFormSchema,
  type PhoneChangeForm,
  type PhoneCodeForm,
} from '../account-forms';
import { useSendPhoneChangeCode, useVerifyPhoneChange } from '../api/change-phone';
import styles from './account-forms.module.css';

/**
 * Settings → Account → Phone number: the phone step's two requests (a texted code, then that code),
 * with the current password or an authenticator code sent along first, as a verified number needs.
 */
export function ChangePhoneForm() {
  const [userId] = useState(getStoredUserId);
  const [sent, setSent] = useState<SentCode | null>(null);
  if (!userId) return null;
  return sent ? (
    <PhoneCodeStep userId={userId} sent={sent} onDone={() => setSent(null)} />
  ) : (
    <PhoneNumberStep userId={userId} onSent={setSent} />
  );
}

interface SentCode {
  to: string;
  /** SMS development mode only: the code, filled in for the member. */
  devCode?: string | undefined;
}

function PhoneNumberStep({ userId, onSent }: { userId: string; onSent: (sent: SentCode) => void }) {
  const send = useSendPhoneChangeCode();
  const form = useForm<PhoneChangeForm>({
    resolver: zodResolver(PhoneChangeFormSchema),
    defaultValues: {
      proof: 'password',
      currentPassword: '',
      totpCode: '',
      countryCode: DEFAULT_COUNTRY_CODE,
      phoneNumber: '',
    },
  });
  const proof = useWatch({ control: form.control, name: 'proof' });
  const { errors } = form.formState;

  const submit = async (values: PhoneChangeForm) => {
    const phoneNumber = `${dialCode(values.countryCode)}${values.phoneNumber}`;
    try {
      const response = await send.mutateAsync({
        userId,
        phoneNumber,
        ...(values.proof === 'password'
          ? { currentPassword: values.currentPassword }
          : { totpCode: values.totpCode.trim() }),
      });
      notify.success(M.phoneCodeSent);
      onSent({ to: phoneNumber, devCode: response.devMode ? response.devCode : undefined });
    } catch (error) {
      const message = messageOf(error, M.phoneChangeFailed);
      const proofField = values.proof === 'password' ? 'currentPassword' : 'totpCode';
      if (
        error instanceof ApiError &&
        (error.code === 'WRONG_PASSWORD' ||
          error.code === 'CODE_INVALID' ||
          error.code === 'REAUTH_REQUIRED')
      ) {
        form.setError(proofField, { message }, { shouldFocus: true });
        return;
      }
      notify.error(message);
    }
  };

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <fieldset className={styles.proof}>
        <legend>Confirm it is you with</legend>
        <label className={styles.choice}>
          <input type="radio" value="password" {...form.register('proof')} />
          Your password
        </label>
        <label className={styles.choice}>
          <input type="radio" value="totp" {...form.register('proof')} />
          An authenticator code
        </label>
      </fieldset>
      {proof === 'password' ? (
        <TextField
          key="password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
      ) : (
        <TextField
          key="totp"
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          required
          error={errors.totpCode?.message}
          {...form.register('totpCode')}
        />
      )}
      <div className={styles.phoneRow}>
        <TextField
          label="Country code"
          autoComplete="tel-country-code"
          required
          error={errors.countryCode?.message}
          {...form.register('countryCode')}
        />
        <TextField
          label="New phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_NATIONAL_DIGITS}
          required
          hint={`${PHONE_NATIONAL_DIGITS} digits, without the country code`}
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={send.isPending}>
          Send code
        </Button>
      </div>
    </form>
  );
}

function PhoneCodeStep({
  userId,
  sent,
  onDone,
}: {
  userId: string;
  sent: SentCode;
  onDone: () => void;
}) {
  const verify = useVerifyPhoneChange();
  const form = useForm<PhoneCodeForm>({
    resolver: zodResolver(PhoneCodeFormSchema),
    defaultValues: { code: sent.devCode ?? '' },
  });
  const { errors } = form.formState;

  const submit = async ({ code }: PhoneCodeForm) => {
    try {
      const response = await verify.mutateAsync({ userId, phoneNumber: sent.to, code });
      storeMember({ verifiedBadge: response.verifiedBadge });
      notify.success(M.phoneChanged);
      onDone();
    } catch (error) {
      const message = messageOf(error, M.phoneChangeFailed);
      if (error instanceof ApiError && error.code === 'CODE_INVALID') {
        form.setError('code', { message }, { shouldFocus: true });
        return;
      }
      notify.error(message);
    }
  };

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <p className={styles.intro} role="status">
        We texted a {CODE_LENGTH}-digit code to <strong>{sent.to}</strong>.
      </p>
      <TextField
        label="Code from the text message"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        required
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={verify.isPending}>
          Confirm new number
        </Button>
        <button type="button" className={linkButtonClassName} onClick={onDone}>
          Use a different number
        </button>
      </div>
    </form>
  );
}
