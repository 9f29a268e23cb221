import type { Subscription } from '@kindred/contracts';
import { Button } from '../../../components/ui/button';
import { statusClass, statusText, subscriptionText } from './subscription-display';

export interface SubscriptionBannerProps {
  subscription: Subscription;
  onUpgrade: () => void;
}

/** The owner's plan at a glance (SPEC §2 "subscription banner on the own profile"). */
export function SubscriptionBanner({ subscription, onUpgrade }: SubscriptionBannerProps) {
  return (
    <section
      className={`subscription-banner ${statusClass(subscription)}`}
      aria-label="Your subscription"
    >
      <div className="subscription-banner__text">
        <p className="subscription-banner__plan">{subscriptionText(subscription)}</p>
        <p className="subscription-banner__status">
          Status: <span className="subscription-status">{statusText(subscription)}</span>
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
