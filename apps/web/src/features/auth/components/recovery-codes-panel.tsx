import { zodResolver } from '@hookform/resolvers/zod';
import { RECOVERY_CODE_COUNT } from '@kindred/contracts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { notify } from '../../../components/ui/toasts';
import styles from './recovery-codes-panel.module.css';

export const RECOVERY_CODES_FILE_NAME = 'kindred-recovery-codes.txt';
export const SAVED_CODES_REQUIRED = 'Please confirm that you saved your recovery codes';

/** The text of the downloaded file (and of Copy): what the codes are for, then one per line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Kindred recovery codes',
    '',
    'Each code works once, instead of the code from your authenticator app, if you lose your phone.',
    'Keep them somewhere safe, like a password manager. Creating new codes makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const SavedSchema = z.object({
  saved: z.boolean().refine((saved) => saved, { error: SAVED_CODES_REQUIRED }),
});
type Saved = z.output<typeof SavedSchema>;

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** After "I saved these codes" is ticked. */
  onContinue: () => void;
  continueLabel?: string;
  /** The heading's level where the panel sits (h2 on a page with an h1, h3 inside a section). */
  headingLevel?: 2 | 3;
}

/**
 * Recovery codes, shown once (2FA setup, and Settings after creating new ones): the list, Copy,
 * Download (.txt), and "I saved these codes", which must be ticked before going on — the codes
 * cannot be shown again.
 */
export function RecoveryCodesPanel({
  codes,
  onContinue,
  continueLabel = 'Continue',
  headingLevel = 2,
}: RecoveryCodesPanelProps) {
  const headingId = useId();
  const { register, handleSubmit, control, formState } = useForm<Saved>({
    resolver: zodResolver(SavedSchema),
    defaultValues: { saved: false },
  });
  const saved = useWatch({ control, name: 'saved' });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.info('Recovery codes copied');
    } catch {
      notify.info('Select the codes and copy them by hand');
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        Save your recovery codes
      </Heading>
      <Alert tone="warning">
        If you lose your phone, each of these {RECOVERY_CODE_COUNT} codes lets you sign in once
        instead of the authenticator code. This is the only time they are shown: save them somewhere
        safe now.
      </Alert>
      <ol className={styles.codes} aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code className={styles.code}>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadText(RECOVERY_CODES_FILE_NAME, recoveryCodesText(codes))}
        >
          Download (.txt)
        </Button>
      </div>
      <form
        className={styles.confirm}
        onSubmit={(event) => void handleSubmit(onContinue)(event)}
        noValidate
      >
        <Checkbox
          label="I saved these codes"
          error={formState.errors.saved?.message}
          {...register('saved')}
        />
        <Button type="submit" fullWidth disabled={!saved}>
          {continueLabel}
        </Button>
      </form>
    </section>
  );
}
