import { PLANS, type PlanId } from '@kindred/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/toasts';
import { useSelectPlan } from '../api/select-plan';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import styles from './upgrade-modal.module.css';

export interface UpgradeModalProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  currentPlan: PlanId | null;
}

/** The plans with the upgrade listing (SPEC §2, §9); choosing one records it (select-plan). */
export function UpgradeModal({ open, onClose, userId, currentPlan }: UpgradeModalProps) {
  const selectPlan = useSelectPlan();
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  // Toasts sit behind an open dialog (the top layer): a failure is said inside it too.
  const [failed, setFailed] = useState(false);

  const choose = async (planId: PlanId) => {
    setChoosing(planId);
    setFailed(false);
    try {
      await selectPlan.mutateAsync({ userId, planId });
      notify.success(M.planSelected);
      onClose();
    } catch {
      notify.error(M.planSelectFailed);
      setFailed(true);
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
      {failed ? <Alert tone="error">{M.planSelectFailed}</Alert> : null}
      <ul className={styles.plans}>
        {PLANS.map((plan) => {
          const current = plan.id === currentPlan;
          const headingId = `upgrade-${plan.id}`;
          return (
            <li
              key={plan.id}
              className={clsx(
                styles.plan,
                plan.mostPopular && styles.popular,
                current && styles.current,
              )}
              aria-labelledby={headingId}
            >
              {plan.mostPopular ? <span className={styles.badge}>Most popular</span> : null}
              <h3 id={headingId} className={styles.name}>
                {plan.name}
              </h3>
              <p className={styles.price}>
                {plan.priceLabel}
                {plan.trialLabel ? (
                  <span className={styles.trial}> · {plan.trialLabel}</span>
                ) : null}
              </p>
              <ul className={styles.features}>
                {plan.upgradeFeatures.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
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
