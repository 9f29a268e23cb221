import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/toasts';
import { endLocalSession } from '../../../lib/session';
import { getStoredUserId } from '../../../lib/storage';
import { useDeleteAccount, useDisableAccount } from '../api/account';
import { SETTINGS_MESSAGES as M } from '../messages';
import '../settings.css';

/** How long the success toast is shown before the member is signed out and the page reloads. */
export const SIGN_OUT_DELAY_MS = 1_500;

export interface SettingsModalProps {
  open: boolean;
  onClose: () => void;
}

type Confirming = 'disable' | 'delete' | null;

/**
 * Account settings (SPEC §2 "Settings modal"): temporarily disable the account or delete it for
 * good, each behind a confirmation ("Confirm Disable" / "Delete Forever"). Both sign the member out
 * on success (the server has already ended every session): storage is cleared and the app reloads at /.
 */
export function SettingsModal({ open, onClose }: SettingsModalProps) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const disable = useDisableAccount();
  const remove = useDeleteAccount();
  const busy = disable.isPending || remove.isPending || signingOut;

  useEffect(() => {
    if (!signingOut) return;
    const timer = setTimeout(endLocalSession, SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signingOut]);

  const run = async (action: Exclude<Confirming, null>) => {
    const userId = getStoredUserId();
    const [mutation, done, failed] =
      action === 'disable'
        ? [disable, M.disabled, M.disableFailed]
        : [remove, M.deleted, M.deleteFailed];
    setFailure(null);
    if (!userId) {
      setFailure(failed);
      notify.error(failed);
      return;
    }
    try {
      await mutation.mutateAsync(userId);
    } catch {
      setFailure(failed);
      notify.error(failed);
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
  };

  return (
    <>
      <Modal open={open && confirming === null} onClose={closeAll} title="Settings" size="sm">
        <div className="settings">
          <section className="settings__item" aria-labelledby="settings-disable">
            <h3 id="settings-disable" className="settings__heading">
              Temporarily disable account
            </h3>
            <p className="settings__text">
              Your profile and posts are hidden until you sign in again.
            </p>
            <Button variant="secondary" onClick={() => setConfirming('disable')}>
              Temporarily disable account
            </Button>
          </section>
          <section
            className="settings__item settings__item--danger"
            aria-labelledby="settings-delete"
          >
            <h3 id="settings-delete" className="settings__heading">
              Delete account permanently
            </h3>
            <p className="settings__text">
              Your profile, photos, posts and connections are removed. This cannot be undone.
            </p>
            <Button variant="danger" onClick={() => setConfirming('delete')}>
              Delete account permanently
            </Button>
          </section>
        </div>
      </Modal>

      <Modal
        open={open && confirming === 'disable'}
        onClose={cancelConfirm}
        title="Disable your account?"
        description="Your account is hidden and you are signed out on every device. Sign in again whenever you want to come back."
        size="sm"
        closeOnBackdrop={!busy}
        footer={
          <>
            <Button variant="secondary" onClick={cancelConfirm} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void run('disable')} loading={busy}>
              {M.confirmDisable}
            </Button>
          </>
        }
      >
        {failure ? <Alert tone="error">{failure}</Alert> : null}
      </Modal>

      <Modal
        open={open && confirming === 'delete'}
        onClose={cancelConfirm}
        title="Delete your account forever?"
        description="Your profile, photos, posts, comments and connections will be permanently deleted. This cannot be undone."
        size="sm"
        closeOnBackdrop={!busy}
        footer={
          <>
            <Button variant="secondary" onClick={cancelConfirm} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void run('delete')} loading={busy}>
              {M.deleteForever}
            </Button>
          </>
        }
      >
        {failure ? <Alert tone="error">{failure}</Alert> : null}
      </Modal>
    </>
  );
}
