import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMMENT_POLICY_LABELS,
  MESSAGE_POLICIES,
  MESSAGE_POLICY_LABELS,
  PRIVACY_MESSAGES,
  PrivacySettingsSchema,
  type PrivacySettings,
  type PrivacySettingsInput,
  type PrivacySettingsUpdate,
} from '@kindred/contracts';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { usePrivacySettings, useSavePrivacySettings } from '../api/privacy-settings';
import styles from './privacy-form.module.css';

interface Choice {
  value: string;
  label: string;
}

const FOLLOW_CHOICES: Choice[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'approve', label: 'Members I approve' },
  { value: 'nobody', label: 'No one' },
];
const COMMENT_CHOICES: Choice[] = (['everyone', 'followers', 'nobody'] as const).map((value) => ({
  value,
  label: COMMENT_POLICY_LABELS[value],
}));
const MENTION_CHOICES: Choice[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'followers', label: 'Only my followers' },
  { value: 'nobody', label: 'No one' },
];

const MESSAGE_CHOICES: Choice[] = MESSAGE_POLICIES.map((value) => ({
  value,
  label: MESSAGE_POLICY_LABELS[value],
}));

/** One setting as a group of radio buttons, its legend naming it and a hint saying what it does. */
function RadioGroup({
  legend,
  hint,
  choices,
  field,
}: {
  legend: string;
  hint: string;
  choices: Choice[];
  field: UseFormRegisterReturn;
}) {
  const hintId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={hintId}>
      <legend className={styles.legend}>{legend}</legend>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input type="radio" value={choice.value} {...field} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Settings → Privacy & contact: who may follow, comment, mention and start a conversation (and
 * whether strangers must be photo-verified); read receipts; search, location and visits.
 */
export function PrivacyForm() {
  const settings = usePrivacySettings();
  if (settings.isPending) return <Spinner label="Loading your privacy settings" />;
  if (settings.isError)
    return (
      <Alert tone="error">
        {PRIVACY_MESSAGES.loadFailed}.{' '}
        <Button variant="ghost" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return <PrivacySettingsFields initial={settings.data} />;
}

function PrivacySettingsFields({ initial }: { initial: PrivacySettings }) {
  const save = useSavePrivacySettings();
  const form = useForm<PrivacySettingsInput, unknown, PrivacySettingsUpdate>({
    resolver: zodResolver(PrivacySettingsSchema),
    defaultValues: initial,
  });

  const submit = async (values: PrivacySettingsUpdate) => {
    try {
      const response = await save.mutateAsync(values);
      form.reset(response.privacy);
      notify.success(response.message);
    } catch (error) {
      notify.error(messageOf(error, PRIVACY_MESSAGES.saveFailed));
    }
  };

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <RadioGroup
        legend="Who can follow me"
        hint="With “Members I approve”, follows become requests you answer below, and only your followers see your followers-only posts and who you follow."
        choices={FOLLOW_CHOICES}
        field={form.register('whoCanFollow')}
      />
      <RadioGroup
        legend="Who can comment on my posts"
        hint="Chosen for each new post; this is what Create Post starts with."
        choices={COMMENT_CHOICES}
        field={form.register('defaultCommentPolicy')}
      />
      <RadioGroup
        legend="Who can mention me"
        hint="Mentions from anyone else stay plain text, without a link to you."
        choices={MENTION_CHOICES}
        field={form.register('whoCanMention')}
      />
      <RadioGroup
        legend="Who can message me"
        hint="Your matches and the members you follow who follow you back can always write to you."
        choices={MESSAGE_CHOICES}
        field={form.register('whoCanMessage')}
      />
      <Checkbox
        role="switch"
        label="Only photo-verified members can start a conversation with me"
        hint="Members who have not verified their photos cannot write to you first. Your matches and mutual follows still can."
        {...form.register('messagesFromPhotoVerifiedOnly')}
      />
      <Checkbox
        role="switch"
        label="Show when I have read messages"
        hint="Read receipts: members you talk with see “Seen” when your plan includes them. When off, nobody sees when you read."
        {...form.register('readReceipts')}
      />
      <Checkbox
        role="switch"
        label="Show me in search"
        hint="When off, you are left out of search and mention suggestions. Your profile stays reachable by link."
        {...form.register('searchable')}
      />
      <Checkbox
        role="switch"
        label="Show my location"
        hint="When off, other members see no city or country on your profile."
        {...form.register('showLocation')}
      />
      <Checkbox
        role="switch"
        label="Let members see when I visit their profile"
        hint="When off, you leave no visits, and you see no visitors either."
        {...form.register('leaveVisits')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save privacy settings
        </Button>
      </div>
    </form>
  );
}
