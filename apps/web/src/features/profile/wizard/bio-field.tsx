import { PROFILE_LIMITS } from '@kindred/contracts';
import { clsx } from 'clsx';
import { useId } from 'react';
import { fieldClassNames } from '../../../components/ui/field-shell';
import styles from './bio-field.module.css';

export interface BioFieldProps {
  value: string;
  onChange: (bio: string) => void;
}

/** The bio textarea (part of the profile payload, SPEC §3), at most 500 characters with a counter. */
export function BioField({ value, onChange }: BioFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const max = PROFILE_LIMITS.bioMaxLength;
  return (
    <div className={fieldClassNames.field}>
      <div className={fieldClassNames.labelRow}>
        <label className={fieldClassNames.label} htmlFor={id}>
          Bio
        </label>
        <span className={styles.optional}>(optional)</span>
      </div>
      <textarea
        id={id}
        name="bio"
        className={clsx(fieldClassNames.control, styles.control)}
        rows={4}
        maxLength={max}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, max))}
        placeholder="A few words about yourself"
        aria-describedby={counterId}
      />
      <p id={counterId} className={styles.counter}>
        {value.length}/{max}
        <span className="visually-hidden"> characters</span>
      </p>
    </div>
  );
}
