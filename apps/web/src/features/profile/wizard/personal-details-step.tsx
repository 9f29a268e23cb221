import {
  GENDER_OPTIONS,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  SEXUALITY_OPTIONS,
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
  /** What the required name and choice fields share: name, value, change handler and error. */
  const fieldProps = (
    field: 'firstName' | 'lastName' | 'gender' | 'sexuality',
    message: string,
  ) => ({
    name: field,
    required: true,
    value: form[field],
    onChange: (event: { target: { value: string } }) =>
      onChange({ [field]: event.target.value } as Partial<WizardForm>),
    error: required(form[field], message),
  });
  const ageError =
    (showErrors || ageTouched) && form.age.trim() !== ''
      ? ageProblem(form.age)
      : required(form.age, 'Age is required');

  return (
    <div className="wizard-step">
      <div className="wizard-grid">
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.nameMaxLength}
          {...fieldProps('firstName', PROFILE_MESSAGES.firstNameRequired)}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.nameMaxLength}
          {...fieldProps('lastName', PROFILE_MESSAGES.lastNameRequired)}
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
          placeholder="Select gender"
          options={GENDER_SELECT}
          {...fieldProps('gender', PROFILE_MESSAGES.genderInvalid)}
        />
        <Select
          label="Sexuality"
          placeholder="Select sexuality"
          options={SEXUALITY_SELECT}
          {...fieldProps('sexuality', PROFILE_MESSAGES.sexualityInvalid)}
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
