import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_NEW_ACCOUNT_DAYS,
  SECURITY_NOTIFICATION_TYPES,
  SOCIAL_NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationType,
} from '@kindred/contracts';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../../notifications';
import styles from './privacy-form.module.css';

/** Each type's switch: others' actions first, then the account's security (the contracts' order). */
const TYPE_LABELS: Record<NotificationType, string> = {
  follow: 'New followers',
  follow_request: 'Follow requests',
  like: 'Likes on my posts',
  comment: 'Comments on my posts',
  reply: 'Replies to my comments',
  mention: 'Mentions',
  match: 'New matches',
  message: 'New messages',
  new_sign_in: 'A sign-in from a browser not seen before',
  two_factor_changed: 'Two-factor authentication changed',
  password_changed: 'Password changed',
  recovery_code_used: 'A recovery code was used',
};

/** Settings → Notifications: what the member is told about, from whom, and the email digest. */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  if (settings.isPending) return <Spinner label="Loading your notification settings" />;
  if (settings.isError)
    return (
      <Alert tone="error">
        {NOTIFICATION_MESSAGES.settingsLoadFailed}{' '}
        <Button variant="ghost" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return <NotificationSettingsFields initial={settings.data} />;
}

function NotificationSettingsFields({ initial }: { initial: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const form = useForm<NotificationSettings>({ defaultValues: initial });

  const submit = async (values: NotificationSettings) => {
    try {
      const response = await save.mutateAsync(values);
      form.reset(response.settings);
      notify.success(response.message);
    } catch (error) {
      notify.error(messageOf(error, NOTIFICATION_MESSAGES.settingsSaveFailed));
    }
  };

  const typeSwitch = (type: NotificationType) => (
    <Checkbox
      key={type}
      role="switch"
      label={TYPE_LABELS[type]}
      {...form.register(`types.${type}`)}
    />
  );

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Tell me about</legend>
        {SOCIAL_NOTIFICATION_TYPES.map(typeSwitch)}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>My account’s security</legend>
        {SECURITY_NOTIFICATION_TYPES.map(typeSwitch)}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>From whom</legend>
        <Checkbox
          role="switch"
          label="Only from people I follow"
          hint="Others’ follows, likes, comments and mentions are not notified."
          {...form.register('onlyFromFollowing')}
        />
        <Checkbox
          role="switch"
          label={`Not from accounts younger than ${NOTIFICATION_NEW_ACCOUNT_DAYS} days`}
          hint="New accounts are where most unwanted attention comes from."
          {...form.register('notFromNewAccounts')}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Email digest</legend>
        <p className={styles.hint}>One email a day listing what you have not read yet.</p>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input type="radio" value="off" {...form.register('emailDigest')} />
            Off
          </label>
          <label className={styles.choice}>
            <input type="radio" value="daily" {...form.register('emailDigest')} />
            Daily
          </label>
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save notification settings
        </Button>
      </div>
    </form>
  );
}
