import type { Subscription } from '@kindred/contracts';
import { clsx } from 'clsx';
import { Button } from '../../../components/ui/button';
import styles from './subscription-banner.module.css';
import { statusClass, statusKey, subscriptionText } from './subscription-display';
import { SubscriptionStatus } from './subscription-status';

export interface SubscriptionBannerProps {
  subscription: Subscription;
  onUpgrade: () => void;
}

/** The owner's plan at a glance (SPEC §2 "subscription banner on the own profile"). */
export function SubscriptionBanner({ subscription, onUpgrade }: SubscriptionBannerProps) {
  return (
    <section
      className={clsx(styles.banner, styles[statusKey(subscription)], statusClass(subscription))}
      aria-label="Your subscription"
    >
      <div className={styles.text}>
        <p className={styles.plan}>{subscriptionText(subscription)}</p>
        <p className={styles.statusLine}>
          Status: <SubscriptionStatus subscription={subscription} />
        </p>
      </div>
      {subscription.planName !== 'professional' ? (
        <Button size="sm" onClick={onUpgrade}>
          Upgrade
        </Button>
      ) : (
        <Button size="sm" variant="secondary" onClick={onUpgrade}>
          View plans
        </Button>
      )}
    </section>
  );
}
