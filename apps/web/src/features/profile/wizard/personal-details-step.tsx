import {
  GENDER_OPTIONS,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  SEXUALITY_OPTIONS,
  type Gender,
  type Sexuality,
} from '@kindred/contracts';
import { useState } from 'react';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { optionLabel } from '../labels';
import { BioField } from './bio-field';
import { LocationField } from './location-field';
import { ageProblem, type WizardForm } from './wizard-form';

const GENDER_SELECT = GENDER_OPTIONS.map((value) => ({ value, label: optionLabel(value) }));
const SEXUALITY_SELECT = SEXUALITY_OPTIONS.map((value) => ({ value, label: optionLabel(value) }));

export interface PersonalDetailsStepProps {
  form: WizardForm;
  onChange: (patch: Partial<WizardForm>) => void;
  /** After a blocked Next: mark every empty required field. */
  showErrors: boolean;
}

/** Step 2 (SPEC §2): names, age, gender, sexuality, location and bio. */
export function PersonalDetailsStep({ form, onChange, showErrors }: PersonalDetailsStepProps) {
  const [ageTouched, setAgeTouched] = useState(false);
  const required = (value: string, message: string) =>
    showErrors && value.trim() === '' ? message : undefined;
  const ageError =
    (showErrors || ageTouched) && form.age.trim() !== ''
      ? ageProblem(form.age)
      : required(form.age, 'Age is required');

  return (
    <div className="wizard-step">
      <div className="wizard-grid">
        <TextField
          label="First Name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={PROFILE_LIMITS.nameMaxLength}
          value={form.firstName}
          onChange={(event) => onChange({ firstName: event.target.value })}
          error={required(form.firstName, PROFILE_MESSAGES.firstNameRequired)}
        />
        <TextField
          label="Last Name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={PROFILE_LIMITS.nameMaxLength}
          value={form.lastName}
          onChange={(event) => onChange({ lastName: event.target.value })}
          error={required(form.lastName, PROFILE_MESSAGES.lastNameRequired)}
        />
        <TextField
          label="Age"
          name="age"
          type="number"
          inputMode="numeric"
          min={PROFILE_LIMITS.ageMin}
          max={PROFILE_LIMITS.ageMax}
          step={1}
          required
          value={form.age}
          onChange={(event) => onChange({ age: event.target.value })}
          onBlur={() => setAgeTouched(true)}
          error={ageError}
        />
        <Select
          label="Gender"
          name="gender"
          required
          placeholder="Select gender"
          options={GENDER_SELECT}
          value={form.gender}
          onChange={(event) => onChange({ gender: event.target.value as Gender | '' })}
          error={required(form.gender, PROFILE_MESSAGES.genderInvalid)}
        />
        <Select
          label="Sexuality"
          name="sexuality"
          required
          placeholder="Select sexuality"
          options={SEXUALITY_SELECT}
          value={form.sexuality}
          onChange={(event) => onChange({ sexuality: event.target.value as Sexuality | '' })}
          error={required(form.sexuality, PROFILE_MESSAGES.sexualityInvalid)}
        />
      </div>
      <LocationField
        value={form.location}
        onChange={(location) => onChange({ location })}
        error={showErrors && !form.location ? PROFILE_MESSAGES.locationRequired : undefined}
      />
      <BioField value={form.bio} onChange={(bio) => onChange({ bio })} />
    </div>
  );
}
