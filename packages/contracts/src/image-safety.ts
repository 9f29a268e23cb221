import { z } from 'zod';

/**
 * Consent for explicit images and alt text (issue 17): what a member sees of sensitive posts, the
 * descriptions images carry, and the words around both.
 */

/**
 * What a member sees of posts whose image is sensitive (scored above the threshold by the image
 * model, or marked by its author or a moderator): covered until tapped, left out of their feeds,
 * or shown as they are. The author always sees their own posts unblurred.
 */
export const SENSITIVE_MEDIA_PREFERENCES = ['blur', 'hide', 'show'] as const;
export type SensitiveMediaPreference = (typeof SENSITIVE_MEDIA_PREFERENCES)[number];
export const SENSITIVE_MEDIA_DEFAULT: SensitiveMediaPreference = 'blur';

export const SENSITIVE_MEDIA_LABELS: Readonly<Record<SensitiveMediaPreference, string>> = {
  blur: 'Blur them until I tap to view',
  hide: 'Hide them from my feeds',
  show: 'Show them without blur',
};

/** Alt text: the description of an image for people who cannot see it. */
export const ALT_TEXT_MAX_LENGTH = 1000;

export const IMAGE_SAFETY_MESSAGES = {
  cover: 'Sensitive content — tap to view',
  hideAgain: 'Hide',
  altTextPrompt: "Describe this image for people who can't see it",
  altTextTooLong: `Descriptions can be at most ${ALT_TEXT_MAX_LENGTH} characters`,
  altTextSaved: 'Description saved',
  markSensitive: 'Mark as sensitive',
  markSensitiveHint: 'Others see the image blurred until they tap to view it.',
  preferenceInvalid: 'Choose blur, hide or show',
  preferenceSaved: 'Sensitive content setting saved',
  preferenceSaveFailed: 'Failed to save the sensitive content setting',
  profilePhotoRefused:
    "This photo looks sexually explicit, so it can't be on your profile. Please choose another one.",
  checkUnavailable: 'We could not check this photo just now. Please try again in a minute.',
} as const;

/** The neutral description of an image its owner did not describe: never the file name. */
export function defaultAltText(ownerFirstName: string | null | undefined): string {
  const name = ownerFirstName?.trim();
  return name ? `Photo by ${name}` : 'Photo';
}

/**
 * Alt text as sent (a multipart field or JSON): trimmed, at most 1000 characters; empty means none
 * (null).
 */
export const AltTextSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    // Code points, as PostgreSQL's char_length counts them (posts.ts' characterCount; that module
    // imports this one).
    .refine((value) => Array.from(value).length <= ALT_TEXT_MAX_LENGTH, {
      message: IMAGE_SAFETY_MESSAGES.altTextTooLong,
    })
    .nullable(),
);

/** A checkbox as a multipart form sends it ("true"/"false", or left out) or a JSON boolean. */
export const FormBooleanSchema = z.preprocess((value) => {
  if (value === 'true' || value === 'on') return true;
  if (value === 'false' || value === '') return false;
  return value;
}, z.boolean());

/** The text fields of POST /profile/upload-photo besides the `photo` file. */
export const PhotoUploadFieldsSchema = z.object({ altText: AltTextSchema.optional() });

/** PATCH /profile/photos/{filename} — the description of one of the member's own photos. */
export const PhotoAltTextRequestSchema = z.object({ altText: AltTextSchema });
export type PhotoAltTextRequest = z.input<typeof PhotoAltTextRequestSchema>;

/** PUT /users/me/sensitive-media */
export const SensitiveMediaSettingsSchema = z.object({
  sensitiveMedia: z.enum(SENSITIVE_MEDIA_PREFERENCES, IMAGE_SAFETY_MESSAGES.preferenceInvalid),
});
export type SensitiveMediaSettings = z.infer<typeof SensitiveMediaSettingsSchema>;

export interface SensitiveMediaSettingsResponse {
  success: true;
  sensitiveMedia: SensitiveMediaPreference;
  message?: string;
}

export const SensitiveMediaSettingsResponseSchema = z.strictObject({
  success: z.literal(true),
  sensitiveMedia: z.enum(SENSITIVE_MEDIA_PREFERENCES),
  message: z.string().optional(),
}) satisfies z.ZodType<SensitiveMediaSettingsResponse>;
