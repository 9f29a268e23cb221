import { PLANS } from '@kindred/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import type { WizardForm } from './wizard-form';

/** Step 1 (SPEC §2): the warning and the three plans with the wizard's feature listing. */
export function PlanStep() {
  const { control, register } = useFormContext<WizardForm>();
  const value = useWatch({ control, name: 'plan' });
  return (
    <div className="wizard-step">
      <Alert tone="warning">{M.planWarning}</Alert>
      <fieldset className="plan-options">
        <legend className="visually-hidden">Plan</legend>
        {PLANS.map((plan) => {
          const nameId = `plan-${plan.id}-name`;
          const detailsId = `plan-${plan.id}-details`;
          const checked = value === plan.id;
          return (
            <label
              key={plan.id}
              className={[
                'plan-card',
                checked && 'plan-card--selected',
                plan.mostPopular && 'plan-card--popular',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <input
                type="radio"
                value={plan.id}
                {...register('plan')}
                className="plan-card__radio"
                aria-labelledby={nameId}
                aria-describedby={detailsId}
              />
              {plan.mostPopular ? <span className="plan-card__badge">Most popular</span> : null}
              <span className="plan-card__name" id={nameId}>
                {plan.name}
                {plan.trialLabel ? (
                  <span className="plan-card__trial"> {plan.trialLabel}</span>
                ) : null}
              </span>
              <span id={detailsId} className="plan-card__details">
                <span className="plan-card__price">{plan.priceLabel}</span>
                <ul className="plan-card__features">
                  {plan.wizardFeatures.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </span>
            </label>
          );
        })}
      </fieldset>
    </div>
  );
}
