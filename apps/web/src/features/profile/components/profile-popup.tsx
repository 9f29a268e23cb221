import type { Subscription } from '@kindred/contracts';
import { clsx } from 'clsx';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { MemberAvatar } from './member-avatar';
import styles from './profile-popup.module.css';
import { planText, statusClass, subscriptionText } from './subscription-display';
import { SubscriptionStatus } from './subscription-status';

export interface ProfilePopupProps {
  open: boolean;
  onClose: () => void;
  firstName: string;
  lastName: string;
  picture: string | null;
  subscription: Subscription | undefined;
  onUpgrade: () => void;
}

/** The owner's pop-up with their subscription plan and status (SPEC §2 "Profile view"). */
export function ProfilePopup({
  open,
  onClose,
  firstName,
  lastName,
  picture,
  subscription,
  onUpgrade,
}: ProfilePopupProps) {
  return (
    <Modal open={open} onClose={onClose} title={`${firstName} ${lastName}`} size="sm">
      <div className={styles.popup}>
        <MemberAvatar firstName={firstName} lastName={lastName} src={picture} size="xl" />
        {subscription ? (
          <dl className={clsx(styles.details, statusClass(subscription))}>
            <div>
              <dt>Plan</dt>
              <dd>{planText(subscription)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <SubscriptionStatus subscription={subscription} />
              </dd>
            </div>
            <div>
              <dt>Subscription</dt>
              <dd>{subscriptionText(subscription)}</dd>
            </div>
          </dl>
        ) : (
          <p>Loading your plan…</p>
        )}
        <Button
          fullWidth
          onClick={() => {
            onClose();
            onUpgrade();
          }}
        >
          Upgrade plan
        </Button>
      </div>
    </Modal>
  );
}
