import {
  GENDER_OPTIONS,
  INTERESTS,
  PLAN_IDS,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  SEXUALITY_OPTIONS,
  type Gender,
  type Interest,
  type PlanId,
  type Profile,
  type ProfileCreateRequest,
  type Sexuality,
} from '@kindred/contracts';

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

/** Field problems of step 2 beyond emptiness, keyed by field (shown under the field). */
export function ageProblem(age: string): string | undefined {
  const text = age.trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) return PROFILE_MESSAGES.ageWholeNumber;
  const value = Number(text);
  if (value < PROFILE_LIMITS.ageMin) return PROFILE_MESSAGES.ageTooLow;
  if (value > PROFILE_LIMITS.ageMax) return PROFILE_MESSAGES.ageTooHigh;
  return undefined;
}

/**
 * Whether Next (or Create Profile) may leave a step (SPEC §4 "Wizard"): step 1 needs a plan; step 2
 * firstName, lastName, age, gender, sexuality and location (and a believable age); step 3 at least
 * one photo; step 4 at least one interest (the guidance advertises 3, the gate is 1 — SPEC §5).
 */
export function isStepComplete(step: WizardStep, form: WizardForm): boolean {
  switch (step) {
    case 1:
      return PLAN_IDS.includes(form.plan);
    case 2:
      return (
        form.firstName.trim() !== '' &&
        form.lastName.trim() !== '' &&
        form.age.trim() !== '' &&
        ageProblem(form.age) === undefined &&
        form.gender !== '' &&
        form.sexuality !== '' &&
        form.location !== null &&
        form.location.text.trim() !== '' &&
        form.bio.length <= PROFILE_LIMITS.bioMaxLength
      );
    case 3:
      return form.photos.length >= 1;
    case 4:
      return form.interests.length >= PROFILE_LIMITS.interestsMin;
  }
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
  const location = form.location;
  const timestamp = now.toISOString();
  return {
    userId: ids.userId,
    ...(ids.sessionId ? { sessionId: ids.sessionId } : {}),
    plan: form.plan,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    age: Number(form.age),
    location: {
      formatted_address: location?.text.trim() ?? '',
      city: location?.city ?? null,
      country: location?.country ?? null,
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
    },
    gender: form.gender as Gender,
    sexuality: form.sexuality as Sexuality,
    bio: form.bio.trim(),
    interests: form.interests,
    photos: form.photos.map((photo) => photo.url),
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}
