import {
  ENTITLEMENT_FEATURES,
  isPaidPlan,
  type EntitlementKey,
  type PlanId,
  type UpgradePlanId,
} from '@kindred/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { useStartCheckout } from '../../billing';
import { PlanFeatureList, usePlans } from '../../plans';
import { useSelectPlan } from '../api/select-plan';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import styles from './upgrade-modal.module.css';

export interface UpgradeModalProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  currentPlan: PlanId | null;
  /**
   * Opened by a refusal (403 PLAN_LIMIT): the feature the plan did not allow and the plan that
   * unlocks it (null when no plan does), said at the top and marked on that plan's card.
   */
  limit?: { feature: EntitlementKey; requiredPlan: UpgradePlanId | null; message: string };
}

/**
 * The plans (SPEC §2, §9) with their feature lines from GET /api/plans (the same lines as the
 * wizard's cards). Choosing Trial-Free records it (select-plan); a paid plan goes to checkout and
 * turns on only when the payments provider confirms the payment.
 */
export function UpgradeModal({ open, onClose, userId, currentPlan, limit }: UpgradeModalProps) {
  const plans = usePlans().data?.plans ?? [];
  const selectPlan = useSelectPlan();
  const startCheckout = useStartCheckout();
  const location = useLocation();
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  // Toasts sit behind an open dialog (the top layer): a failure is said inside it too.
  const [failed, setFailed] = useState<string | null>(null);

  const choose = async (planId: PlanId) => {
    setChoosing(planId);
    setFailed(null);
    try {
      if (isPaidPlan(planId)) {
        // Back to this page afterwards, where `?checkout=…` says how it went.
        await startCheckout.mutateAsync({
          planId,
          returnPath: `${location.pathname}${location.search}`,
        });
        // The member shell (and a dialog it holds) outlives the page: close it on the way out.
        onClose();
        return;
      }
      await selectPlan.mutateAsync({ userId, planId });
      notify.success(M.planSelected);
      onClose();
    } catch (error) {
      // e.g. 409 PAID_PLAN_ACTIVE: Trial-Free while a paid plan runs is reached by cancelling it.
      const message = messageOf(error, M.planSelectFailed);
      notify.error(message);
      setFailed(message);
    } finally {
      setChoosing(null);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Upgrade your plan"
      description="Choose the plan that suits you. You can change it at any time."
      size="lg"
    >
      {limit ? (
        <Alert
          tone="info"
          title={`${ENTITLEMENT_FEATURES[limit.feature].label}: plan limit reached`}
        >
          {limit.message}
        </Alert>
      ) : null}
      {failed ? <Alert tone="error">{failed}</Alert> : null}
      <ul className={styles.plans}>
        {plans.map((plan) => {
          const current = plan.id === currentPlan;
          const unlocks = limit?.requiredPlan === plan.id;
          const headingId = `upgrade-${plan.id}`;
          return (
            <li
              key={plan.id}
              className={clsx(
                styles.plan,
                (unlocks || (!limit && plan.mostPopular)) && styles.popular,
                current && styles.current,
              )}
              aria-labelledby={headingId}
            >
              {limit && unlocks ? (
                <span className={styles.badge}>
                  Unlocks {ENTITLEMENT_FEATURES[limit.feature].label.toLowerCase()}
                </span>
              ) : plan.mostPopular ? (
                <span className={styles.badge}>Most popular</span>
              ) : null}
              <h3 id={headingId} className={styles.name}>
                {plan.name}
              </h3>
              <p className={styles.price}>
                {plan.priceLabel}
                {plan.trialLabel ? (
                  <span className={styles.trial}> · {plan.trialLabel}</span>
                ) : null}
              </p>
              <PlanFeatureList features={plan.features} className={styles.features} />
              <Button
                variant={plan.mostPopular ? 'primary' : 'secondary'}
                fullWidth
                disabled={current || (choosing !== null && choosing !== plan.id)}
                loading={choosing === plan.id}
                onClick={() => void choose(plan.id)}
                aria-label={current ? `${plan.name}: your current plan` : `Choose ${plan.name}`}
              >
                {current ? 'Current plan' : `Choose ${plan.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
