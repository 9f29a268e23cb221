import type { EntitlementKey, UpgradePlanId } from '@kindred/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { setPlanLimitHandler } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import { planKeys } from '../../plans';
import { useSubscription } from '../api/get-subscription';
import { UpgradeModal } from './upgrade-modal';

interface Refusal {
  feature: EntitlementKey;
  requiredPlan: UpgradePlanId;
  message: string;
}

/**
 * The one answer to a plan's refusal (403 PLAN_LIMIT) anywhere in the member area: the upgrade
 * dialog, naming the feature and the plan that unlocks it. Mounted once by the member shell; it
 * installs the api client's PLAN_LIMIT handler, so no screen needs its own.
 */
export function PlanLimitDialog() {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [userId] = useState(getStoredUserId);
  const subscription = useSubscription(userId ?? '', { enabled: Boolean(userId) && !!refusal });

  useEffect(() => {
    setPlanLimitHandler((error) => {
      const limit = error.planLimit;
      // Past what every plan allows (the 6-photo cap, Professional's storage) no plan helps: the
      // screen's own message says so, and no dialog sells an upgrade.
      if (!limit || limit.requiredPlan === null) return;
      setRefusal({
        feature: limit.feature,
        requiredPlan: limit.requiredPlan,
        message: error.message,
      });
      // What the member may do has just been shown to be other than the app thought.
      void queryClient.invalidateQueries({ queryKey: planKeys.mine });
    });
    return () => setPlanLimitHandler(undefined);
  }, [queryClient]);

  if (!refusal || !userId) return null;
  return (
    <UpgradeModal
      open
      onClose={() => setRefusal(null)}
      userId={userId}
      currentPlan={subscription.data?.planName ?? null}
      limit={refusal}
    />
  );
}
