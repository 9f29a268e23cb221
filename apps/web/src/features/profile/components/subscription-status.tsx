import type { Subscription } from '@kindred/contracts';
import { clsx } from 'clsx';
import { statusKey, statusText } from './subscription-display';
import styles from './subscription-status.module.css';

/** "Trial", "Active", "Expired"… as a pill in the status's colour. */
export function SubscriptionStatus({ subscription }: { subscription: Subscription }) {
  return (
    <span className={clsx(styles.status, styles[statusKey(subscription)])}>
      {statusText(subscription)}
    </span>
  );
}
