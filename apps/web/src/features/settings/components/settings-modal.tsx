import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { CODE_LENGTH } from '@kindred/contracts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toasts';
import { endLocalSession } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { getStoredUserId } from '../../../lib/storage';
import { useDeleteAccount, useDisableAccount } from '../api/account';
import { SETTINGS_MESSAGES as M } from '../messages';
import { clsx } from 'clsx';
import styles from './settings-modal.module.css';

/** How long the success toast is shown before the member is signed out and the page reloads. */
export const SIGN_OUT_DELAY_MS = 1_500;

export interface SettingsModalProps {
  open: boolean;
  onClose: () => void;
}

type Action = 'disable' | 'delete';
type ProofKind = 'password' | 'totp';

/** The refusals that mean "the password or code was wrong or missing" (not a general failure). */
const PROOF_REFUSALS = new Set(['WRONG_PASSWORD', 'CODE_INVALID', 'REAUTH_REQUIRED']);
type Confirming = Action | null;

const ACTIONS: readonly Action[] = ['disable', 'delete'];

interface ActionCopy {
  /** The confirmation dialog shown before the action. */
  title: string;
  description: string;
  confirmLabel: string;
  /** Toasts after the action. */
  done: string;
  failed: string;
}

/** What deleting does to the member's comments (the API keeps them without an author). */
const COMMENTS_STAY = 'Your comments on other members’ posts stay, shown as “Deleted User”.';

const CONFIRMATIONS: Record<Action, ActionCopy> = {
  disable: {
    title: 'Disable your account?',
    description:
      'Your account is hidden and you are signed out on every device. Sign in again whenever you want to come back.',
    confirmLabel: M.confirmDisable,
    done: M.disabled,
    failed: M.disableFailed,
  },
  delete: {
    title: 'Delete your account forever?',
    description: `Your profile, photos, posts, likes and connections will be permanently deleted. ${COMMENTS_STAY} This cannot be undone.`,
    confirmLabel: M.deleteForever,
    done: M.deleted,
    failed: M.deleteFailed,
  },
};

/**
 * Account settings (SPEC §2 "Settings modal"): temporarily disable the account or delete it for
 * good, each behind a confirmation ("Confirm Disable" / "Delete Forever"). Both sign the member out
 * on success (the server has already ended every session): storage is cleared and the app reloads at /.
 */
export function SettingsModal({ open, onClose }: SettingsModalProps) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [proofKind, setProofKind] = useState<ProofKind>('password');
  const [proofValue, setProofValue] = useState('');
  const disable = useDisableAccount();
  const remove = useDeleteAccount();
  const busy = disable.isPending || remove.isPending || signingOut;

  useEffect(() => {
    if (!signingOut) return;
    const timer = setTimeout(endLocalSession, SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signingOut]);

  const run = async (action: Action) => {
    const userId = getStoredUserId();
    const mutation = action === 'disable' ? disable : remove;
    const { done, failed } = CONFIRMATIONS[action];
    setFailure(null);
    if (!userId) {
      setFailure(failed);
      notify.error(failed);
      return;
    }
    const proof =
      proofKind === 'password' ? { currentPassword: proofValue } : { totpCode: proofValue.trim() };
    try {
      await mutation.mutateAsync({ userId, proof });
    } catch (error) {
      // A wrong or missing password or code is said as the server says it, next to the field.
      const message =
        error instanceof ApiError && error.code && PROOF_REFUSALS.has(error.code)
          ? messageOf(error, failed)
          : failed;
      setFailure(message);
      notify.error(message);
      return;
    }
    notify.success(done);
    setSigningOut(true);
  };

  const closeAll = () => {
    if (busy) return;
    setConfirming(null);
    setFailure(null);
    onClose();
  };

  const cancelConfirm = () => {
    if (busy) return;
    setConfirming(null);
    setFailure(null);
    setProofValue('');
  };

  return (
    <>
      <Modal open={open && confirming === null} onClose={closeAll} title="Settings" size="sm">
        <div className={styles.settings}>
          <p className={styles.settingsText}>
            <Link to={paths.settings()} onClick={closeAll}>
              All settings
            </Link>{' '}
            — password, email, phone, two-factor, sessions, privacy, blocked members.
          </p>
          <section className={styles.settingsItem} aria-labelledby="settings-disable">
            <h3 id="settings-disable" className={styles.settingsHeading}>
              Temporarily disable account
            </h3>
            <p className={styles.settingsText}>
              Your profile and posts are hidden until you sign in again.
            </p>
            <Button variant="secondary" onClick={() => setConfirming('disable')}>
              Temporarily disable account
            </Button>
          </section>
          <section
            className={clsx(styles.settingsItem, styles.settingsItemDanger)}
            aria-labelledby="settings-delete"
          >
            <h3 id="settings-delete" className={styles.settingsHeading}>
              Delete account permanently
            </h3>
            <p className={styles.settingsText}>
              Your profile, photos, posts and connections are removed. {COMMENTS_STAY} This cannot
              be undone.
            </p>
            <Button variant="danger" onClick={() => setConfirming('delete')}>
              Delete account permanently
            </Button>
          </section>
        </div>
      </Modal>

      {ACTIONS.map((action) => (
        <Modal
          key={action}
          open={open && confirming === action}
          onClose={cancelConfirm}
          title={CONFIRMATIONS[action].title}
          description={CONFIRMATIONS[action].description}
          size="sm"
          closeOnBackdrop={!busy}
          footer={
            <>
              <Button variant="secondary" onClick={cancelConfirm} disabled={busy}>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => void run(action)} loading={busy}>
                {CONFIRMATIONS[action].confirmLabel}
              </Button>
            </>
          }
        >
          <form
            className={styles.proofForm}
            onSubmit={(event) => {
              event.preventDefault();
              void run(action);
            }}
          >
            <fieldset className={styles.proofChoice}>
              <legend>Confirm it is you with</legend>
              <label>
                <input
                  type="radio"
                  name={`${action}-proof`}
                  checked={proofKind === 'password'}
                  onChange={() => setProofKind('password')}
                />{' '}
                Your password
              </label>
              <label>
                <input
                  type="radio"
                  name={`${action}-proof`}
                  checked={proofKind === 'totp'}
                  onChange={() => setProofKind('totp')}
                />{' '}
                An authenticator code
              </label>
            </fieldset>
            {proofKind === 'password' ? (
              <TextField
                key="password"
                label="Current password"
                type="password"
                autoComplete="current-password"
                required
                value={proofValue}
                onChange={(event) => setProofValue(event.target.value)}
              />
            ) : (
              <TextField
                key="totp"
                label="Code from your authenticator app"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_LENGTH}
                required
                value={proofValue}
                onChange={(event) => setProofValue(event.target.value)}
              />
            )}
          </form>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
        </Modal>
      ))}
    </>
  );
}
