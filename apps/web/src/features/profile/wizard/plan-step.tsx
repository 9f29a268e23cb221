import { clsx } from 'clsx';
import { useFormContext, useWatch } from 'react-hook-form';
import { PlanFeatureList, usePlans } from '../../plans';
import styles from './plan-step.module.css';
import type { WizardForm } from './wizard-form';
import stepStyles from './wizard-step.module.css';

/**
 * Step 1 (SPEC §2): the three plans with their feature lines from GET /api/plans (the same lines
 * as the upgrade dialog's). (The original warning that details cannot be changed later is gone:
 * the owner edits them from their profile page.)
 */
export function PlanStep() {
  const plans = usePlans().data?.plans ?? [];
  const { control, register } = useFormContext<WizardForm>();
  const value = useWatch({ control, name: 'plan' });
  return (
    <div className={stepStyles.step}>
      <fieldset className={styles.options}>
        <legend className="visually-hidden">Plan</legend>
        {plans.map((plan) => {
          const nameId = `plan-${plan.id}-name`;
          const detailsId = `plan-${plan.id}-details`;
          const checked = value === plan.id;
          return (
            <label key={plan.id} className={clsx(styles.card, checked && styles.selected)}>
              <input
                type="radio"
                value={plan.id}
                {...register('plan')}
                className={styles.radio}
                aria-labelledby={nameId}
                aria-describedby={detailsId}
              />
              {plan.mostPopular ? <span className={styles.badge}>Most popular</span> : null}
              <span className={styles.name} id={nameId}>
                {plan.name}
                {plan.trialLabel ? <span className={styles.trial}> {plan.trialLabel}</span> : null}
              </span>
              <span id={detailsId} className={styles.details}>
                <span className={styles.price}>{plan.priceLabel}</span>
                <PlanFeatureList features={plan.features} className={styles.features} />
              </span>
            </label>
          );
        })}
      </fieldset>
    </div>
  );
}
