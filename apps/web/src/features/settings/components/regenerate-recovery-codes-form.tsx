import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_LENGTH, CodeSchema } from '@kindred/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import styles from './account-forms.module.css';

const FreshCodeSchema = z.object({ token: CodeSchema });
type FreshCode = z.output<typeof FreshCodeSchema>;

export const REGENERATE_FAILED = 'Could not create new recovery codes. Please try again.';

export interface RegenerateRecoveryCodesFormProps {
  /** The new codes, for the section to show once. */
  onCreated: (codes: string[]) => void;
}

/**
 * Settings → Two-factor & recovery: a fresh code from the authenticator app replaces the recovery
 * codes. A wrong or already used code is said on the field (the server's 400 `CODE_INVALID`).
 */
export function RegenerateRecoveryCodesForm({ onCreated }: RegenerateRecoveryCodesFormProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<{ token: string }, unknown, FreshCode>({
    resolver: zodResolver(FreshCodeSchema),
    defaultValues: { token: '' },
  });
  const { errors } = form.formState;

  const submit = async ({ token }: FreshCode) => {
    try {
      const response = await regenerate.mutateAsync({ token });
      form.reset({ token: '' });
      notify.success(response.message);
      onCreated(response.recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CODE_INVALID') {
        form.setError(
          'token',
          { message: messageOf(error, REGENERATE_FAILED) },
          { shouldFocus: true },
        );
        return;
      }
      notify.error(messageOf(error, REGENERATE_FAILED));
    }
  };

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        required
        error={errors.token?.message}
        {...form.register('token')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={regenerate.isPending}>
          Create new recovery codes
        </Button>
      </div>
    </form>
  );
}
