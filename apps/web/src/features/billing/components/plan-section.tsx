import { formatTrialEndDate, planById } from '@kindred/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { useBilling, useCancelPlan } from '../api/billing';
import { BILLING_UI_MESSAGES as M } from '../messages';
import styles from './plan-section.module.css';

/**
 * Settings → Account → Plan: the plan, when a paid one renews or ends, and "Cancel plan" (it ends
 * at the period end; the member then moves to Trial-Free).
 */
export function PlanSection() {
  const billing = useBilling();
  const cancelPlan = useCancelPlan();
  const [confirming, setConfirming] = useState(false);
  const state = billing.data;

  const confirmCancel = async () => {
    try {
      await cancelPlan.mutateAsync();
      notify.success(M.cancelled);
      setConfirming(false);
    } catch (error) {
      notify.error(messageOf(error, M.cancelFailed));
    }
  };

  if (billing.isPending) return <p aria-live="polite">Loading your plan…</p>;
  if (!state) return <Alert tone="error">{M.billingLoadFailed}</Alert>;

  const planName = state.planName ? planById(state.planName).name : 'No plan chosen yet';
  const periodEnd = state.currentPeriodEnd ? formatTrialEndDate(state.currentPeriodEnd) : null;
  const paid = state.provider !== null;

  return (
    <div className={styles.plan}>
      <p className={styles.summary}>
        <span className={styles.name}>{planName}</span>
        {state.provider === 'test' ? <span className={styles.test}> (test mode)</span> : null}
      </p>
      {paid && periodEnd ? (
        <p className={styles.period}>
          {state.cancelAtPeriodEnd
            ? `Cancelled: your plan ends on ${periodEnd}, then you move to Trial-Free.`
            : `Renews on ${periodEnd}.`}
        </p>
      ) : null}
      {state.paymentFailed ? (
        <Alert tone="warning">
          Your last payment failed. The payment provider will try again; your plan stays active
          meanwhile.
        </Alert>
      ) : null}
      {paid && !state.cancelAtPeriodEnd ? (
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel plan
          </Button>
        </div>
      ) : null}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your plan?"
        description={
          periodEnd
            ? `You keep ${planName} until ${periodEnd}. After that you move to Trial-Free; all your data stays.`
            : `After the paid period you move to Trial-Free; all your data stays.`
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
            <Button
              variant="danger"
              loading={cancelPlan.isPending}
              onClick={() => void confirmCancel()}
            >
              Cancel plan
            </Button>
          </>
        }
      >
        {cancelPlan.error ? (
          <Alert tone="error">{messageOf(cancelPlan.error, M.cancelFailed)}</Alert>
        ) : null}
      </Modal>
    </div>
  );
}
