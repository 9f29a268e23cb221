import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { MATCHES_UI_MESSAGES as M } from '../messages';

export interface UnmatchDialogProps {
  /** The match's first name; null when closed. */
  name: string | null;
  busy: boolean;
  /** The server's refusal, said inside the dialog (toasts sit behind an open dialog). */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Unmatch Ana?" — says what unmatching does before it happens. */
export function UnmatchDialog({ name, busy, error, onConfirm, onCancel }: UnmatchDialogProps) {
  return (
    <Modal
      open={name !== null}
      onClose={busy ? () => undefined : onCancel}
      title={name ? M.unmatchTitle(name) : ''}
      description={name ? M.unmatchDescription(name) : undefined}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {M.unmatchConfirm}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Modal>
  );
}
