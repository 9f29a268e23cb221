import { Modal } from '../ui/modal';
import { MemberMenu } from './member-menu';
import styles from './mobile-menu.module.css';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  myId: string | null;
  onOpenSettings?: () => void;
}

/** The member menu as a dialog, for small screens (opened from the header or the bottom nav's More). */
export function MobileMenu({ open, onClose, myId, onOpenSettings }: MobileMenuProps) {
  return (
    <Modal open={open} onClose={onClose} title="Menu" size="sm" className={styles.mobileMenu}>
      <MemberMenu
        myId={myId}
        label="Mobile menu"
        onNavigate={onClose}
        onOpenSettings={onOpenSettings}
      />
    </Modal>
  );
}
