import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import {
  ACCOUNT_UI_MESSAGES as M,
  PasswordChangeFormSchema,
  type PasswordChangeForm,
} from '../account-forms';
import { useChangePassword } from '../api/change-password';
import styles from './account-forms.module.css';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Account → Password: the current one, the new one twice. Other sessions end. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(PasswordChangeFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = async ({ currentPassword, newPassword }: PasswordChangeForm) => {
    try {
      const response = await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      notify.success(response.message);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
        form.setError(
          'currentPassword',
          { message: messageOf(error, M.passwordChangeFailed) },
          { shouldFocus: true },
        );
        return;
      }
      notify.error(messageOf(error, M.passwordChangeFailed));
    }
  };

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters, with a letter and a number."
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
