import {
  GENDER_OPTIONS,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  SEXUALITY_OPTIONS,
} from '@kindred/contracts';
import { Controller, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { optionLabel } from '../labels';
import { BioField } from './bio-field';
import { LocationField } from './location-field';
import type { WizardForm } from './wizard-form';
import stepStyles from './wizard-step.module.css';

const GENDER_SELECT = GENDER_OPTIONS.map((value) => ({ value, label: optionLabel(value) }));
const SEXUALITY_SELECT = SEXUALITY_OPTIONS.map((value) => ({ value, label: optionLabel(value) }));

/**
 * Step 2 (SPEC §2): names, age, gender, sexuality, location and bio. What is missing or wrong is
 * marked after a blocked Next; a wrong age is also said as soon as the age is left.
 */
export function PersonalDetailsStep() {
  const {
    control,
    register,
    formState: { errors, isSubmitted, touchedFields },
  } = useFormContext<WizardForm>();
  const age = useWatch({ control, name: 'age' });
  const shown = (error: FieldError | undefined) => (isSubmitted ? error?.message : undefined);
  const ageShown = isSubmitted || (touchedFields.age === true && age.trim() !== '');

  return (
    <div className={stepStyles.step}>
      <div className={stepStyles.grid}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.nameMaxLength}
          required
          {...register('firstName')}
          error={shown(errors.firstName)}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.nameMaxLength}
          required
          {...register('lastName')}
          error={shown(errors.lastName)}
        />
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={PROFILE_LIMITS.ageMin}
          max={PROFILE_LIMITS.ageMax}
          step={1}
          required
          {...register('age')}
          error={ageShown ? errors.age?.message : undefined}
        />
        <Select
          label="Gender"
          placeholder="Select gender"
          options={GENDER_SELECT}
          required
          {...register('gender')}
          error={shown(errors.gender)}
        />
        <Select
          label="Sexuality"
          placeholder="Select sexuality"
          options={SEXUALITY_SELECT}
          required
          {...register('sexuality')}
          error={shown(errors.sexuality)}
        />
      </div>
      <Controller
        control={control}
        name="location"
        render={({ field }) => (
          <LocationField
            value={field.value}
            onChange={field.onChange}
            // A place the contract refuses (not one the lookup gives) is marked at its part.
            error={
              isSubmitted && errors.location
                ? (errors.location.message ?? PROFILE_MESSAGES.locationInvalid)
                : undefined
            }
          />
        )}
      />
      <Controller
        control={control}
        name="bio"
        render={({ field }) => <BioField value={field.value} onChange={field.onChange} />}
      />
    </div>
  );
}
