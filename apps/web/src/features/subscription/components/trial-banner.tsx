import { UPGRADE_LINK_PARAM } from '@kindred/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { getStoredUserId, storage } from '../../../lib/storage';
import { UpgradeModal, useSubscription } from '../../profile';
import { localDay, trialBannerState } from './trial-banner-state';
import styles from './trial-banner.module.css';

/**
 * The free trial's end on every member page (issue 14): during the last days "Your free trial ends
 * on <date>", which the member may dismiss for the rest of the day; after the end "Your free trial
 * ended on <date>", always shown. Upgrade opens the plans dialog, as does a link carrying
 * `?upgrade=…` (the reminder emails' link).
 */
export function TrialBanner() {
  const [userId] = useState(getStoredUserId);
  const subscription = useSubscription(userId ?? '', { enabled: Boolean(userId) });
  const [searchParams, setSearchParams] = useSearchParams();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [dismissedOn, setDismissedOn] = useState(() => storage.get('trialBannerDismissedOn'));
  if (!userId) return null;

  const now = new Date();
  const today = localDay(now);
  const state = subscription.data ? trialBannerState(subscription.data, now) : null;
  const shown = state && (state.phase === 'ended' || dismissedOn !== today);
  const linkedUpgrade = searchParams.has(UPGRADE_LINK_PARAM);

  const dismiss = () => {
    storage.set('trialBannerDismissedOn', today);
    setDismissedOn(today);
  };
  const closeUpgrade = () => {
    setUpgradeOpen(false);
    if (linkedUpgrade) {
      setSearchParams(
        (params) => {
          params.delete(UPGRADE_LINK_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };

  return (
    <>
      {shown ? (
        <section
          className={clsx(styles.banner, styles[state.phase])}
          aria-label="Your free trial"
          data-testid="trial-banner"
        >
          <p className={styles.text}>{state.text}</p>
          <div className={styles.actions}>
            <Button size="sm" onClick={() => setUpgradeOpen(true)}>
              Upgrade
            </Button>
            {state.phase === 'ending' ? (
              <Button size="sm" variant="ghost" onClick={dismiss}>
                Dismiss for today
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}
      {upgradeOpen || linkedUpgrade ? (
        <UpgradeModal
          open
          onClose={closeUpgrade}
          userId={userId}
          currentPlan={subscription.data?.planName ?? null}
        />
      ) : null}
    </>
  );
}
