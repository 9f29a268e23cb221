import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { BLOCKS_UI_MESSAGES as M } from '../messages';

export interface BlockDialogProps {
  open: boolean;
  /** The member's display name. */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Block Ana?" — says what a block does before it happens. */
export function BlockDialog({ open, name, busy, onConfirm, onCancel }: BlockDialogProps) {
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onCancel}
      title={M.confirmTitle(name)}
      description={M.confirmDescription(name)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {M.confirmLabel}
          </Button>
        </>
      }
    />
  );
}
