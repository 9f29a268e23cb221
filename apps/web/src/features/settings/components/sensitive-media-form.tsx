import { zodResolver } from '@hookform/resolvers/zod';
import {
  IMAGE_SAFETY_MESSAGES,
  SENSITIVE_MEDIA_LABELS,
  SENSITIVE_MEDIA_PREFERENCES,
  SensitiveMediaSettingsSchema,
  type SensitiveMediaSettings,
} from '@kindred/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import {
  useSaveSensitiveMediaPreference,
  useSensitiveMediaPreference,
} from '../api/sensitive-media';
import styles from './privacy-form.module.css';

/**
 * Settings → Privacy & contact → Sensitive content: how posts whose image is sensitive (explicit
 * by our image check, or marked by their author or a moderator) reach the member.
 */
export function SensitiveMediaForm() {
  const preference = useSensitiveMediaPreference();
  if (preference.isPending) return <Spinner label="Loading your sensitive content setting" />;
  if (preference.isError)
    return (
      <Alert tone="error">
        Failed to load the sensitive content setting.{' '}
        <Button variant="ghost" size="sm" onClick={() => void preference.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return <SensitiveMediaFields initial={{ sensitiveMedia: preference.data }} />;
}

function SensitiveMediaFields({ initial }: { initial: SensitiveMediaSettings }) {
  const save = useSaveSensitiveMediaPreference();
  const hintId = useId();
  const form = useForm<SensitiveMediaSettings>({
    resolver: zodResolver(SensitiveMediaSettingsSchema),
    defaultValues: initial,
  });

  const submit = async ({ sensitiveMedia }: SensitiveMediaSettings) => {
    try {
      const response = await save.mutateAsync(sensitiveMedia);
      form.reset({ sensitiveMedia: response.sensitiveMedia });
      notify.success(response.message ?? IMAGE_SAFETY_MESSAGES.preferenceSaved);
    } catch (error) {
      notify.error(messageOf(error, IMAGE_SAFETY_MESSAGES.preferenceSaveFailed));
    }
  };

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <fieldset className={styles.group} aria-describedby={hintId}>
        <legend className={styles.legend}>Posts with sensitive images</legend>
        <p id={hintId} className={styles.hint}>
          Images that look sexually explicit, or that their author or a moderator marked sensitive.
          Your own posts always show as they are.
        </p>
        <div className={styles.choices}>
          {SENSITIVE_MEDIA_PREFERENCES.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" value={value} {...form.register('sensitiveMedia')} />
              {SENSITIVE_MEDIA_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save sensitive content setting
        </Button>
      </div>
    </form>
  );
}
