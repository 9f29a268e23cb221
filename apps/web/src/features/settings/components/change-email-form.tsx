import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_LENGTH } from '@kindred/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, linkButtonClassName } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import {
  ACCOUNT_UI_MESSAGES as M,
  EmailChangeFormSchema,
  EmailCodeFormSchema,
  type EmailChangeForm,
  type EmailCodeForm,
} from '../account-forms';
import { useRequestEmailChange, useVerifyEmailChange } from '../api/change-email';
import styles from './account-forms.module.css';

/**
 * Settings → Account → Email address, in two steps: the password and the new address (a code goes
 * there), then that code. Until the code is entered nothing changes.
 */
export function ChangeEmailForm() {
  const [sent, setSent] = useState<SentCode | null>(null);
  return sent ? (
    <EmailCodeStep sent={sent} onDone={() => setSent(null)} />
  ) : (
    <EmailAddressStep onSent={setSent} />
  );
}

interface SentCode {
  to: string;
  expiresInMinutes: number;
}

function EmailAddressStep({ onSent }: { onSent: (sent: SentCode) => void }) {
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeForm>({
    resolver: zodResolver(EmailChangeFormSchema),
    defaultValues: { password: '', newEmail: '' },
  });
  const { errors } = form.formState;

  const submit = async (values: EmailChangeForm) => {
    try {
      const response = await request.mutateAsync(values);
      notify.success(response.message);
      onSent({
        to: values.newEmail.trim().toLowerCase(),
        expiresInMinutes: Math.round(response.expiresInSeconds / 60),
      });
    } catch (error) {
      const message = messageOf(error, M.emailChangeFailed);
      if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
        form.setError('password', { message }, { shouldFocus: true });
        return;
      }
      notify.error(message);
    }
  };

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        required
        error={errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={request.isPending}>
          Send code
        </Button>
      </div>
    </form>
  );
}

function EmailCodeStep({ sent, onDone }: { sent: SentCode; onDone: () => void }) {
  const verify = useVerifyEmailChange();
  const form = useForm<EmailCodeForm>({
    resolver: zodResolver(EmailCodeFormSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;

  const submit = async (values: EmailCodeForm) => {
    try {
      const response = await verify.mutateAsync(values);
      notify.success(response.message);
      onDone();
    } catch (error) {
      const message = messageOf(error, M.emailChangeFailed);
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
        We sent a {CODE_LENGTH}-digit code to <strong>{sent.to}</strong>. It is valid for{' '}
        {sent.expiresInMinutes} minutes.
      </p>
      <TextField
        label="Code from the email"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        required
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={verify.isPending}>
          Confirm new email
        </Button>
        <button type="button" className={linkButtonClassName} onClick={onDone}>
          Use a different address
        </button>
      </div>
    </form>
  );
}
