import { z } from 'zod';
import { IdSchema, NAME_CHARACTERS_MESSAGE, NAME_PATTERN } from './common.js';
import { MAX_PHOTOS, PlanIdSchema, type PlanId } from './plans.js';

/** Profiles and photos (SPEC §2 wizard, §3 Profile payload, §5 Photos/Interests, §9). */

export const GENDER_OPTIONS = ['male', 'female', 'non-binary', 'other'] as const;
export type Gender = (typeof GENDER_OPTIONS)[number];

export const SEXUALITY_OPTIONS = [
  'straight',
  'gay',
  'lesbian',
  'bisexual',
  'pansexual',
  'asexual',
  'other',
] as const;
export type Sexuality = (typeof SEXUALITY_OPTIONS)[number];

export const INTERESTS = [
  'Travel',
  'Music',
  'Movies',
  'Reading',
  'Sports',
  'Cooking',
  'Photography',
  'Art',
  'Gaming',
  'Fitness',
  'Technology',
  'Nature',
  'Dancing',
  'Writing',
  'Yoga',
  'Fashion',
  'Food',
  'Pets',
  'Cars',
  'Politics',
  'Science',
  'History',
  'Languages',
  'Meditation',
  'Business',
] as const;
export type Interest = (typeof INTERESTS)[number];

export { MAX_PHOTOS };

export const PROFILE_LIMITS = {
  ageMin: 18,
  ageMax: 120,
  nameMaxLength: 50,
  bioMaxLength: 500,
  locationMaxLength: 200,
  /** The step-4 gate (and the server's minimum). */
  interestsMin: 1,
  /** What the guidance text advertises ("select at least 3"). */
  interestsRecommended: 3,
  interestsMax: INTERESTS.length,
  maxPhotos: MAX_PHOTOS,
  /** 5 MB per photo. */
  maxPhotoBytes: 5_242_880,
} as const;

/** What the drop zone accepts; the server decides from the bytes, not from these. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_EXTENSIONS = ['.jpeg', '.jpg', '.png', '.webp'] as const;

export const PROFILE_MESSAGES = {
  requiredFields: 'Please complete all required fields',
  notFound: 'Profile not found',
  invalidProfileId: 'Invalid profile ID',
  created: 'Profile created successfully',
  updated: 'Profile updated successfully',
  createFailed: 'Failed to create profile',
  loadFailed: 'Failed to load profile',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `Names can be at most ${PROFILE_LIMITS.nameMaxLength} characters`,
  ageWholeNumber: 'Age must be a whole number',
  ageTooLow: `You must be at least ${PROFILE_LIMITS.ageMin} years old`,
  ageTooHigh: `Age must be at most ${PROFILE_LIMITS.ageMax}`,
  genderInvalid: 'Please choose a gender',
  sexualityInvalid: 'Please choose a sexuality',
  locationRequired: 'Location is required',
  locationInvalid: 'Location is not valid',
  /** Coordinates (far from any city) or text without letters: not a place to show. */
  locationNotAPlace: 'Please type a city for your location',
  coordinatesInvalid: 'Coordinates are not valid',
  bioTooLong: `Bio can be at most ${PROFILE_LIMITS.bioMaxLength} characters`,
  interestsTooFew: 'Please select at least 1 interest',
  interestsTooMany: `Please select at most ${PROFILE_LIMITS.interestsMax} interests`,
  interestInvalid: 'Please choose interests from the list',
  photosRequired: 'Please add at least 1 photo',
  updateNotOwn: 'You can only change your own profile',
  nothingToUpdate: 'Please change at least one detail',
  updateFailed: 'Failed to update profile',
} as const;

export const PHOTO_MESSAGES = {
  maxPhotos: `Maximum ${MAX_PHOTOS} photos allowed`,
  tooLarge: (name: string) => `File ${name} is too large. Maximum size is 5MB`,
  notImage: (name: string) => `File ${name} is not an image`,
  /** The plan's allowance is below the hard cap (Trial-Free 3, Beginner 4). */
  planAllowance: (planName: string, allowance: number) =>
    `Your ${planName} plan allows up to ${allowance} photos. Upgrade to add more.`,
  missingFile: 'Please choose a photo to upload',
  uploaded: 'Photo uploaded successfully',
  reordered: 'Photos updated',
  deleted: 'Photo deleted successfully',
  deleteFailed: 'Failed to delete photo',
  notFound: 'Photo not found',
  notOwn: 'Photos must be ones you uploaded',
  duplicate: 'Each photo can appear only once',
  changeNotOwn: 'You can only change your own photos',
  /** PUT /profile/photos/order: a new order lists every photo once, and nothing else. */
  orderIncomplete: 'The new order must list each of your photos exactly once',
  reorderFailed: 'Failed to reorder photos',
  uploadFailed: 'Upload failed',
} as const;

const trimmed = (max: number, requiredMessage: string, tooLongMessage: string) =>
  z.string({ message: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLongMessage);

const nameField = (requiredMessage: string) =>
  trimmed(PROFILE_LIMITS.nameMaxLength, requiredMessage, PROFILE_MESSAGES.nameTooLong).regex(
    NAME_PATTERN,
    NAME_CHARACTERS_MESSAGE,
  );

const Latitude = z.number({ message: PROFILE_MESSAGES.coordinatesInvalid }).min(-90).max(90);
const Longitude = z.number({ message: PROFILE_MESSAGES.coordinatesInvalid }).min(-180).max(180);

/**
 * Location as the wizard sends it: the typed text, or the picked (or reverse-geocoded) place with
 * its coordinates. Coordinates are kept for the member only; other members see the text, city and
 * country. The text is always a place name: the API turns a "lat, lon" text into the nearest city.
 */
export const LocationObjectSchema = z
  .object({
    formatted_address: trimmed(
      PROFILE_LIMITS.locationMaxLength,
      PROFILE_MESSAGES.locationRequired,
      PROFILE_MESSAGES.locationInvalid,
    ),
    city: z.string().trim().max(100, PROFILE_MESSAGES.locationInvalid).optional().nullable(),
    country: z.string().trim().max(100, PROFILE_MESSAGES.locationInvalid).optional().nullable(),
    latitude: Latitude.optional().nullable(),
    longitude: Longitude.optional().nullable(),
  })
  .refine((value) => (value.latitude == null) === (value.longitude == null), {
    message: PROFILE_MESSAGES.coordinatesInvalid,
  });

export const LocationInputSchema = z.union(
  [
    trimmed(
      PROFILE_LIMITS.locationMaxLength,
      PROFILE_MESSAGES.locationRequired,
      PROFILE_MESSAGES.locationInvalid,
    ),
    LocationObjectSchema,
  ],
  { message: PROFILE_MESSAGES.locationRequired },
);
export type LocationInput = z.input<typeof LocationInputSchema>;

/** Form inputs send numbers as text; accept "27" as 27 but not "27.5", "", or "abc". */
const AgeSchema = z
  .preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ message: PROFILE_MESSAGES.ageWholeNumber }).int(PROFILE_MESSAGES.ageWholeNumber),
  )
  .pipe(
    z
      .number()
      .min(PROFILE_LIMITS.ageMin, PROFILE_MESSAGES.ageTooLow)
      .max(PROFILE_LIMITS.ageMax, PROFILE_MESSAGES.ageTooHigh),
  );

/** A photo as the API hands it out: `/api/media/<key>`. */
export const PhotoUrlSchema = z.string().max(300);

/** The wizard's details, with the same rules when the profile is created and when it is edited. */
const profileDetailFields = {
  firstName: nameField(PROFILE_MESSAGES.firstNameRequired),
  lastName: nameField(PROFILE_MESSAGES.lastNameRequired),
  age: AgeSchema,
  gender: z.enum(GENDER_OPTIONS, { message: PROFILE_MESSAGES.genderInvalid }),
  sexuality: z.enum(SEXUALITY_OPTIONS, { message: PROFILE_MESSAGES.sexualityInvalid }),
  location: LocationInputSchema,
  bio: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.bioMaxLength, PROFILE_MESSAGES.bioTooLong)
    .nullish()
    .transform((value) => value ?? ''),
  interests: z
    .array(z.enum(INTERESTS, { message: PROFILE_MESSAGES.interestInvalid }), {
      message: PROFILE_MESSAGES.interestsTooFew,
    })
    .min(PROFILE_LIMITS.interestsMin, PROFILE_MESSAGES.interestsTooFew)
    .max(PROFILE_LIMITS.interestsMax, PROFILE_MESSAGES.interestsTooMany)
    .transform((values) => [...new Set(values)]),
};

/** POST /profile/create — creates or updates the signed-in member's own profile. */
export const ProfileCreateRequestSchema = z.object({
  userId: IdSchema.optional(),
  /** Sent by the wizard; identity comes from the session cookie, so it is ignored. */
  sessionId: z.unknown().optional(),
  plan: PlanIdSchema.default('free'),
  ...profileDetailFields,
  /** The member's photos in display order (first = profile picture); see PhotoOrderRequestSchema. */
  photos: z
    .array(PhotoUrlSchema, { message: PROFILE_MESSAGES.photosRequired })
    .min(1, PROFILE_MESSAGES.photosRequired)
    .max(MAX_PHOTOS, PHOTO_MESSAGES.maxPhotos),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
});
export type ProfileCreateRequest = z.input<typeof ProfileCreateRequestSchema>;

const photoList = z.array(PhotoUrlSchema).max(MAX_PHOTOS, PHOTO_MESSAGES.maxPhotos);

/**
 * POST /profile/update/{userId} — the member's photos in the order to keep (first = profile
 * picture). Photos left out are deleted; a URL that is not one of the member's photos is refused.
 */
export const PhotoOrderRequestSchema = z.object({ photos: photoList });
export type PhotoOrderRequest = z.infer<typeof PhotoOrderRequestSchema>;

/**
 * POST /profile/update/{userId} — after the wizard, any of its details (names, age, gender,
 * sexuality, location, bio, interests), each checked as POST /profile/create checks it, and/or
 * the photo list as in PhotoOrderRequestSchema. The plan is chosen through the subscription
 * routes, not here. At least one field must be given.
 */
export const ProfileUpdateRequestSchema = z
  .object({ ...profileDetailFields, photos: photoList })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: PROFILE_MESSAGES.nothingToUpdate,
  });
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>;
export type ProfileDetailsUpdate = Omit<z.output<typeof ProfileUpdateRequestSchema>, 'photos'>;

/**
 * PUT /profile/photos/order — the member's photos in their new order (first = profile picture).
 * Unlike the wizard's list, nothing is deleted here: it must name each of the member's photos
 * exactly once (full or thumbnail URL), so a page that missed an upload cannot drop a photo.
 */
export const PhotoReorderRequestSchema = z.object({
  photos: z
    .array(PhotoUrlSchema, { message: PHOTO_MESSAGES.orderIncomplete })
    .min(1, PHOTO_MESSAGES.orderIncomplete)
    .max(MAX_PHOTOS, PHOTO_MESSAGES.maxPhotos),
});
export type PhotoReorderRequest = z.infer<typeof PhotoReorderRequestSchema>;

export const ProfileIdSchema = z.uuid({ message: PROFILE_MESSAGES.invalidProfileId });

/** The location other members see; the owner also gets their own coordinates. */
export interface ProfileLocation {
  formatted_address: string;
  city: string | null;
  country: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** GET /profile/{id} → profile. */
export interface Profile {
  _id: string;
  userId: string;
  /** In the owner's own profile only. */
  plan?: PlanId | null;
  firstName: string;
  lastName: string;
  age: number;
  gender: Gender;
  sexuality: Sexuality;
  bio: string;
  interests: Interest[];
  location: ProfileLocation;
  /** Full-size photo URLs in order; the first is the profile picture. */
  photos: string[];
  /** Thumbnail URLs in the same order. */
  thumbnails: string[];
  /** Each photo's description (alt text) in the same order; null: none given. */
  photoAlts: (string | null)[];
  profilePicture: string | null;
  verifiedBadge: boolean;
  /** A selfie matched the member's photos (features/photo-verification): the photo-verified mark. */
  photoVerified: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileResponse {
  success: true;
  profile: Profile;
}

/** POST /profile/upload-photo (multipart field `photo`). */
export interface UploadPhotoResponse {
  success: true;
  /** Full-size URL, to be sent back in the photos list. */
  url: string;
  thumbnailUrl: string;
  /** The description sent with it; null: none. */
  altText: string | null;
  message: string;
}

/**
 * POST /profile/update/{userId} and PUT /profile/photos/order → the photo list as kept; when
 * details were changed, the whole profile as it now is.
 */
export interface PhotoOrderResponse {
  success: true;
  message: string;
  photos: string[];
  /** Thumbnail URLs in the same order. */
  thumbnails: string[];
  /** Each photo's description in the same order; null: none. */
  photoAlts: (string | null)[];
  profilePicture: string | null;
  profile?: Profile;
}
