import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISCOVER_LIMITS,
  DISCOVER_MESSAGES,
  GENDER_OPTIONS,
  INTERESTS,
  SEXUALITY_OPTIONS,
} from '@kindred/contracts';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { DiscoverFilters } from '../filters';
import styles from './discover-filters.module.css';

const DISTANCES = [5, 10, 25, 50, 100, 250, DISCOVER_LIMITS.maxDistanceKm];

/** "non-binary" → "Non-binary". */
const label = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;

const ageText = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === '' ||
      (/^\d+$/.test(value) &&
        Number(value) >= DISCOVER_LIMITS.ageMin &&
        Number(value) <= DISCOVER_LIMITS.ageMax),
    DISCOVER_MESSAGES.ageInvalid,
  );

/** The form's fields: ages and distance as typed/chosen text, the lists as ticked boxes. */
const FilterFormSchema = z
  .object({
    ageMin: ageText,
    ageMax: ageText,
    gender: z.array(z.enum(GENDER_OPTIONS)),
    sexuality: z.array(z.enum(SEXUALITY_OPTIONS)),
    maxDistanceKm: z.string(),
    interests: z.array(z.enum(INTERESTS)),
    verifiedOnly: z.boolean(),
    recentlyActive: z.boolean(),
  })
  .refine(
    (form) =>
      form.ageMin === '' || form.ageMax === '' || Number(form.ageMin) <= Number(form.ageMax),
    { message: DISCOVER_MESSAGES.ageRangeInvalid, path: ['ageMax'] },
  );
type FilterForm = z.infer<typeof FilterFormSchema>;

function toForm(filters: DiscoverFilters): FilterForm {
  return {
    ageMin: filters.ageMin?.toString() ?? '',
    ageMax: filters.ageMax?.toString() ?? '',
    gender: filters.gender ?? [],
    sexuality: filters.sexuality ?? [],
    maxDistanceKm: filters.maxDistanceKm?.toString() ?? '',
    interests: filters.interests ?? [],
    verifiedOnly: filters.verifiedOnly ?? false,
    recentlyActive: filters.recentlyActive ?? false,
  };
}

function fromForm(form: FilterForm): DiscoverFilters {
  const number = (text: string) => (text === '' ? undefined : Number(text));
  return {
    ageMin: number(form.ageMin),
    ageMax: number(form.ageMax),
    gender: form.gender,
    sexuality: form.sexuality,
    maxDistanceKm: number(form.maxDistanceKm),
    interests: form.interests,
    verifiedOnly: form.verifiedOnly,
    recentlyActive: form.recentlyActive,
  };
}

/** A list filter as a group of boxes to tick; none ticked is "any". */
function ChoiceGroup({
  legend,
  options,
  field,
}: {
  legend: string;
  options: readonly string[];
  field: UseFormRegisterReturn;
}) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option} className={styles.choice}>
            <input type="checkbox" value={option} {...field} />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface DiscoverFiltersFormProps {
  filters: DiscoverFilters;
  /** Whether the plan has the advanced filters (unknown while the entitlements load). */
  advancedAllowed: boolean | undefined;
  onApply: (filters: DiscoverFilters) => void;
}

/**
 * Discover's filters: age range, gender, sexuality, distance; and the plan's advanced filters
 * (interests in common, photo-verified only, recently active). Applied with the button, which
 * puts them in the page's address.
 */
export function DiscoverFiltersForm({
  filters,
  advancedAllowed,
  onApply,
}: DiscoverFiltersFormProps) {
  const form = useForm<FilterForm>({
    resolver: zodResolver(FilterFormSchema),
    values: toForm(filters),
  });
  const { errors } = form.formState;

  return (
    <form
      className={styles.form}
      aria-label="Filters"
      noValidate
      onSubmit={form.handleSubmit((values) => onApply(fromForm(values)))}
    >
      <div className={styles.ages}>
        <TextField
          label="Age from"
          inputMode="numeric"
          error={errors.ageMin?.message}
          {...form.register('ageMin')}
        />
        <TextField
          label="Age to"
          inputMode="numeric"
          error={errors.ageMax?.message}
          {...form.register('ageMax')}
        />
      </div>
      <Select
        label="Distance"
        placeholder="Any distance"
        options={DISTANCES.map((km) => ({ value: String(km), label: `Within ${km} km` }))}
        {...form.register('maxDistanceKm')}
      />
      <ChoiceGroup legend="Gender" options={GENDER_OPTIONS} field={form.register('gender')} />
      <ChoiceGroup
        legend="Sexuality"
        options={SEXUALITY_OPTIONS}
        field={form.register('sexuality')}
      />
      <details className={styles.advanced}>
        <summary className={styles.summary}>Advanced filters</summary>
        <p className={styles.hint}>
          {advancedAllowed === false
            ? 'Part of the Beginner and Professional plans.'
            : 'Included in your plan.'}
        </p>
        <ChoiceGroup
          legend="Interests in common"
          options={INTERESTS}
          field={form.register('interests')}
        />
        <Checkbox label="Photo-verified members only" {...form.register('verifiedOnly')} />
        <Checkbox
          label="Recently active"
          hint={`Signed in within the last ${DISCOVER_LIMITS.recentlyActiveDays} days.`}
          {...form.register('recentlyActive')}
        />
      </details>
      <div className={styles.actions}>
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="ghost" onClick={() => onApply({})}>
          Clear
        </Button>
      </div>
    </form>
  );
}
