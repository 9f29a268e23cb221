import { INTERESTS, PROFILE_LIMITS, type Interest } from '@kindred/contracts';
import { PROFILE_UI_MESSAGES as M } from '../messages';

export interface InterestsStepProps {
  selected: readonly Interest[];
  onToggle: (interest: Interest) => void;
}

/** Step 4 (SPEC §2): toggle tags from the 25 interests; the selected count is shown. */
export function InterestsStep({ selected, onToggle }: InterestsStepProps) {
  const count = selected.length;
  return (
    <div className="wizard-step">
      <p className="wizard-step__hint" id="interests-guidance">
        {M.interestsGuidance}
      </p>
      <p className="interests__count" aria-live="polite">
        <strong>{count}</strong> selected
        {count > 0 && count < PROFILE_LIMITS.interestsRecommended
          ? ` — ${PROFILE_LIMITS.interestsRecommended - count} more recommended`
          : ''}
      </p>
      <div
        className="interests"
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
              className={['interest-tag', pressed && 'interest-tag--selected']
                .filter(Boolean)
                .join(' ')}
              aria-pressed={pressed}
              onClick={() => onToggle(interest)}
            >
              {interest}
            </button>
          );
        })}
      </div>
    </div>
  );
}
