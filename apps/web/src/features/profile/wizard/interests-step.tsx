import { INTERESTS, PROFILE_LIMITS, type Interest } from '@kindred/contracts';
import { clsx } from 'clsx';
import { useController } from 'react-hook-form';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import styles from './interests-step.module.css';
import type { WizardForm } from './wizard-form';
import stepStyles from './wizard-step.module.css';

/** Step 4 (SPEC §2): toggle tags from the 25 interests; the selected count is shown. */
export function InterestsStep() {
  const { field } = useController<WizardForm, 'interests'>({ name: 'interests' });
  const selected = field.value;
  const count = selected.length;
  const toggle = (interest: Interest) =>
    field.onChange(
      selected.includes(interest)
        ? selected.filter((candidate) => candidate !== interest)
        : [...selected, interest],
    );
  return (
    <div className={stepStyles.step}>
      <p className={stepStyles.hint} id="interests-guidance">
        {M.interestsGuidance}
      </p>
      <p className={styles.count} aria-live="polite">
        <strong>{count}</strong> selected
        {count > 0 && count < PROFILE_LIMITS.interestsRecommended
          ? ` — ${PROFILE_LIMITS.interestsRecommended - count} more recommended`
          : ''}
      </p>
      <div
        className={styles.tags}
        role="group"
        aria-label="Interests"
        aria-describedby="interests-guidance"
      >
        {INTERESTS.map((interest) => {
          const pressed = selected.includes(interest);
          return (
            <button
              key={interest}
              type="button"
              className={clsx(styles.tag, pressed && styles.selected)}
              aria-pressed={pressed}
              onClick={() => toggle(interest)}
            >
              {interest}
            </button>
          );
        })}
      </div>
    </div>
  );
}
