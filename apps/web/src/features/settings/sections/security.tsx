import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { RecoveryCodesPanel } from '../../auth';
import { useRecoveryCodesStatus } from '../api/recovery-codes-status';
import styles from '../components/account-forms.module.css';
import { RegenerateRecoveryCodesForm } from '../components/regenerate-recovery-codes-form';

function remainingText(remaining: number): string {
  return `You have ${remaining} unused recovery ${remaining === 1 ? 'code' : 'codes'}.`;
}

/**
 * Settings → Two-factor & recovery: how many recovery codes are left, and new ones after a fresh
 * authenticator code — shown once, with Copy and Download, until "I saved these codes".
 */
export function SecuritySection() {
  const status = useRecoveryCodesStatus();
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  return (
    <Card as="section" padding="lg" aria-labelledby="settings-security-title">
      <h2 id="settings-security-title">Two-factor & recovery</h2>
      <section className={styles.part} aria-labelledby="settings-recovery-title">
        <h3 id="settings-recovery-title" className={styles.heading}>
          Recovery codes
        </h3>
        <p className={styles.intro}>
          Each recovery code lets you sign in once without your authenticator app, if you lose your
          phone.
        </p>
        {status.isPending ? (
          <Spinner label="Counting your recovery codes" />
        ) : status.isError ? (
          <Alert tone="error">
            We could not count your recovery codes. Please try again later.
          </Alert>
        ) : status.data === 0 ? (
          <Alert tone="warning" title="You have no recovery codes left">
            Create new ones below, so that losing your phone does not lock you out.
          </Alert>
        ) : (
          <p role="status" data-testid="recovery-codes-remaining">
            {remainingText(status.data)}
          </p>
        )}
      </section>
      <section className={styles.part} aria-labelledby="settings-new-codes-title">
        <h3 id="settings-new-codes-title" className={styles.heading}>
          New recovery codes
        </h3>
        {newCodes ? (
          <RecoveryCodesPanel
            codes={newCodes}
            headingLevel={3}
            continueLabel="Done"
            onContinue={() => setNewCodes(null)}
          />
        ) : (
          <>
            <p className={styles.intro}>
              Enter a code from your authenticator app to create 10 new codes. Your old codes stop
              working at once.
            </p>
            <RegenerateRecoveryCodesForm onCreated={setNewCodes} />
          </>
        )}
      </section>
    </Card>
  );
}
