import { zodResolver } from '@hookform/resolvers/zod';
import {
  GENDER_OPTIONS,
  INTERESTS,
  PlanIdSchema,
  ProfileCreateRequestSchema,
  SEXUALITY_OPTIONS,
  type Gender,
  type Interest,
  type PlanId,
  type Profile,
  type ProfileCreateRequest,
  type ProfileUpdateRequest,
  type Sexuality,
} from '@kindred/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { PROFILE_UI_MESSAGES } from '../messages';

/** The wizard's four steps (SPEC §2 "Profile wizard"). */
export const WIZARD_STEPS = [
  { number: 1, title: 'Choose Your Plan' },
  { number: 2, title: 'Personal Details' },
  { number: 3, title: 'Upload Photos' },
  { number: 4, title: 'Select Your Interests' },
] as const;
export type WizardStep = 1 | 2 | 3 | 4;
export const LAST_STEP: WizardStep = 4;

/** The location as the wizard holds it: the shown text plus what the lookup found. */
export interface WizardLocation {
  text: string;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface WizardPhoto {
  /** Full-size URL, as sent back in the photo list. */
  url: string;
  /** Smaller copy for the preview grid (the full URL when unknown). */
  thumbnailUrl: string;
  /** The photo's description (alt text); null when the member gave none. */
  altText: string | null;
}

export interface WizardForm {
  /** Lowercased plan id; "free" by default (SPEC §3). */
  plan: PlanId;
  firstName: string;
  lastName: string;
  /** As typed in the number input. */
  age: string;
  gender: Gender | '';
  sexuality: Sexuality | '';
  location: WizardLocation | null;
  bio: string;
  photos: WizardPhoto[];
  interests: Interest[];
}

export const EMPTY_WIZARD_FORM: WizardForm = {
  plan: 'free',
  firstName: '',
  lastName: '',
  age: '',
  gender: '',
  sexuality: '',
  location: null,
  bio: '',
  photos: [],
  interests: [],
};

const PROFILE_FIELDS = ProfileCreateRequestSchema.shape;

/** The location as the profile payload sends it (SPEC §3); an empty text when none is given. */
export function locationPayload(location: WizardLocation | null): ProfileCreateRequest['location'] {
  return {
    formatted_address: location?.text.trim() ?? '',
    city: location?.city ?? null,
    country: location?.country ?? null,
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
  };
}

/**
 * The wizard's values checked with the contract's rules for POST /profile/create, so the wizard
 * says what the API would say. Only the shapes differ: the age is the number input's text (empty is
 * "Age is required"), the location and the photos are held with what the screen shows beside them.
 */
const WizardSchema = z.object({
  plan: PlanIdSchema,
  firstName: PROFILE_FIELDS.firstName,
  lastName: PROFILE_FIELDS.lastName,
  // The contract's age takes any input (the API reads JSON): here it is always the input's text.
  age: z
    .string()
    .trim()
    .min(1, PROFILE_UI_MESSAGES.ageRequired)
    .pipe(PROFILE_FIELDS.age as z.ZodType<number, string>),
  gender: PROFILE_FIELDS.gender,
  sexuality: PROFILE_FIELDS.sexuality,
  // No location is an empty text, which the contract calls "Location is required".
  location: z.preprocess(
    (location: WizardLocation | null) => (location ? locationPayload(location) : ''),
    PROFILE_FIELDS.location,
  ),
  bio: PROFILE_FIELDS.bio,
  photos: z.preprocess(
    (photos: WizardPhoto[]) => photos.map((photo) => photo.url),
    PROFILE_FIELDS.photos,
  ),
  interests: PROFILE_FIELDS.interests,
});

type WizardField = keyof WizardForm;

/** What each step asks for (SPEC §4 "Wizard"). */
const STEP_FIELDS: Record<WizardStep, readonly WizardField[]> = {
  1: ['plan'],
  2: ['firstName', 'lastName', 'age', 'gender', 'sexuality', 'location', 'bio'],
  3: ['photos'],
  4: ['interests'],
};

function pickFields(fields: readonly WizardField[]) {
  const mask: { [Field in WizardField]?: true } = Object.fromEntries(
    fields.map((field) => [field, true]),
  );
  return WizardSchema.pick(mask);
}

const STEP_SCHEMAS = {
  1: pickFields(STEP_FIELDS[1]),
  2: pickFields(STEP_FIELDS[2]),
  3: pickFields(STEP_FIELDS[3]),
  4: pickFields(STEP_FIELDS[4]),
} satisfies Record<WizardStep, z.ZodType>;

function resolverThrough(step: WizardStep): Resolver<WizardForm> {
  const fields = WIZARD_STEPS.filter(({ number }) => number <= step).flatMap(
    ({ number }) => STEP_FIELDS[number],
  );
  return zodResolver(pickFields(fields), undefined, {
    mode: 'sync',
    raw: true,
  }) as Resolver<WizardForm>;
}

const STEP_RESOLVERS: Record<WizardStep, Resolver<WizardForm>> = {
  1: resolverThrough(1),
  2: resolverThrough(2),
  3: resolverThrough(3),
  4: resolverThrough(4),
};

/**
 * The form resolver while a step is shown: that step and the ones before it, so Create Profile
 * checks the whole profile. Values stay as typed (the payload is built by `profilePayload`).
 */
export function wizardResolver(step: WizardStep): Resolver<WizardForm> {
  return STEP_RESOLVERS[step];
}

/**
 * Whether Next (or Create Profile) may leave a step (SPEC §4 "Wizard"): step 1 needs a plan; step 2
 * firstName, lastName, age, gender, sexuality and location (and a believable age); step 3 at least
 * one photo; step 4 at least one interest (the guidance advertises 3, the gate is 1 — SPEC §5).
 */
export function isStepComplete(step: WizardStep, form: WizardForm): boolean {
  return STEP_SCHEMAS[step].safeParse(form).success;
}

/** The first step that is not complete, or null when the whole profile can be saved. */
export function firstIncompleteStep(form: WizardForm): WizardStep | null {
  for (const { number } of WIZARD_STEPS) {
    if (!isStepComplete(number, form)) return number;
  }
  return null;
}

/** An existing profile the wizard has nothing left to ask for: its owner goes on to the feed. */
export function isProfileComplete(profile: Profile): boolean {
  return firstIncompleteStep(formFromProfile(profile)) === null;
}

function oneOf<T extends string>(options: readonly T[], value: unknown): T | '' {
  return options.includes(value as T) ? (value as T) : '';
}

/** Pre-fills the wizard from a saved profile (GET /profile/{id}). */
export function formFromProfile(profile: Profile): WizardForm {
  const { location } = profile;
  // The place name only: coordinates are never shown as one (the member types or picks a city).
  const text = location.formatted_address;
  return {
    plan: profile.plan ?? 'free',
    firstName: profile.firstName,
    lastName: profile.lastName,
    age: profile.age ? String(profile.age) : '',
    gender: oneOf(GENDER_OPTIONS, profile.gender),
    sexuality: oneOf(SEXUALITY_OPTIONS, profile.sexuality),
    location: text
      ? {
          text,
          city: location.city,
          country: location.country,
          latitude: location.latitude ?? null,
          longitude: location.longitude ?? null,
        }
      : null,
    bio: profile.bio ?? '',
    photos: profile.photos.map((url, index) => ({
      url,
      thumbnailUrl: profile.thumbnails[index] ?? url,
      altText: profile.photoAlts[index] ?? null,
    })),
    interests: profile.interests.filter((interest) => INTERESTS.includes(interest)),
  };
}

/** The profile payload of SPEC §3 for POST /profile/create. */
export function profilePayload(
  form: WizardForm,
  ids: { userId: string; sessionId: string | null },
  now: Date = new Date(),
): ProfileCreateRequest {
  const timestamp = now.toISOString();
  return {
    userId: ids.userId,
    ...(ids.sessionId ? { sessionId: ids.sessionId } : {}),
    plan: form.plan,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    age: Number(form.age),
    location: locationPayload(form.location),
    gender: form.gender as Gender,
    sexuality: form.sexuality as Sexuality,
    bio: form.bio.trim(),
    interests: form.interests,
    photos: form.photos.map((photo) => photo.url),
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

/**
 * After the wizard: the details the owner edits from their profile page (steps 2 and 4: names, age,
 * gender, sexuality, location, bio, interests), checked by the same contract rules. The plan is
 * changed with Upgrade, the photos with Manage photos.
 */
export const profileDetailsResolver = zodResolver(
  pickFields([...STEP_FIELDS[2], ...STEP_FIELDS[4]]),
  undefined,
  { mode: 'sync', raw: true },
) as Resolver<WizardForm>;

/** The details as POST /profile/update/{userId} takes them. */
export function profileUpdatePayload(form: WizardForm): ProfileUpdateRequest {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    age: Number(form.age),
    gender: form.gender as Gender,
    sexuality: form.sexuality as Sexuality,
    location: locationPayload(form.location),
    bio: form.bio.trim(),
    interests: form.interests,
  };
}
