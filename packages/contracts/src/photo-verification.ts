import { z } from 'zod';

/**
 * Photo verification (issue 17): the member copies a pose the server chose, takes a selfie, and
 * the server compares the selfie's face with the faces in their profile photos. Verified members
 * carry `photoVerified: true` wherever their name shows.
 */

/** The poses a challenge may ask for, as the member sees them (their own left and right). */
export const PHOTO_POSES = ['turn-left', 'turn-right', 'tilt-left', 'tilt-right'] as const;
export type PhotoPose = (typeof PHOTO_POSES)[number];

export const PHOTO_POSE_INSTRUCTIONS: Readonly<Record<PhotoPose, string>> = {
  'turn-left': 'Turn your head to your left',
  'turn-right': 'Turn your head to your right',
  'tilt-left': 'Tilt your head towards your left shoulder',
  'tilt-right': 'Tilt your head towards your right shoulder',
};

/** An attempt's state in the database: issued, then verified, refused or waiting for a moderator. */
export const PHOTO_VERIFICATION_STATUSES = [
  'challenged',
  'verified',
  'refused',
  'in-review',
] as const;

/** How long a challenge may be answered, and the selfie's size limit. */
export const PHOTO_VERIFICATION_LIMITS = {
  challengeSeconds: 5 * 60,
  maxSelfieBytes: 5 * 1024 * 1024,
} as const;

export const PHOTO_VERIFICATION_MESSAGES = {
  verified: 'Your photos are verified. The photo-verified mark now shows beside your name.',
  refused:
    "We couldn't match your selfie to your profile photos. Make sure your face is well lit and your main photo shows you clearly, then try again.",
  poseNotCopied:
    "Your selfie doesn't seem to show the pose we asked for. Please try again with a new pose.",
  inReview:
    "Thanks! A moderator will compare your selfie with your photos. We'll show the mark once it's approved; your selfie is deleted after that.",
  noFace:
    "We couldn't find a face in your selfie. Please face the camera in good light and try again.",
  noPhotoFace:
    "We couldn't find your face in your profile photos. Add a photo where your face is clearly visible, then try again.",
  noPhotos: 'Add a profile photo of yourself before verifying it.',
  challengeExpired: 'That pose has expired. Please start again to get a new one.',
  challengeUsed: 'That pose was already used. Please start again to get a new one.',
  challengeNotFound: 'That pose was not found. Please start again to get a new one.',
  alreadyInReview: 'Your selfie is already with a moderator. Please wait for their decision.',
  selfieMissing: 'Please add your selfie.',
  selfieUnreadable: "Your selfie couldn't be read. Please take it again as a JPEG, PNG or WebP.",
  busy: 'Photo verification is busy right now. Please try again in a minute.',
  approved: 'Verification approved',
  declined: 'Verification refused',
  decisionNotFound: 'This verification is no longer waiting for a decision.',
} as const;

/** POST /verification/photo/challenge → the pose to copy. */
export interface PhotoChallenge {
  _id: string;
  pose: PhotoPose;
  instruction: string;
  expiresAt: string;
}

export const PhotoChallengeSchema = z.strictObject({
  _id: z.string(),
  pose: z.enum(PHOTO_POSES),
  instruction: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<PhotoChallenge>;

export const PhotoChallengeResponseSchema = z.strictObject({
  success: z.literal(true),
  challenge: PhotoChallengeSchema,
});
export type PhotoChallengeResponse = z.infer<typeof PhotoChallengeResponseSchema>;

/** The multipart fields of POST /verification/photo besides the `selfie` file. */
export const PhotoVerificationFieldsSchema = z.strictObject({
  challengeId: z.uuid({ message: 'Invalid ID' }).toLowerCase(),
});

export const PHOTO_VERIFICATION_OUTCOMES = ['verified', 'refused', 'in-review'] as const;
export type PhotoVerificationOutcome = (typeof PHOTO_VERIFICATION_OUTCOMES)[number];

/** POST /verification/photo → what happened (a refusal is an answer, not an error). */
export const PhotoVerificationResponseSchema = z.strictObject({
  success: z.literal(true),
  outcome: z.enum(PHOTO_VERIFICATION_OUTCOMES),
  message: z.string(),
});
export type PhotoVerificationResponse = z.infer<typeof PhotoVerificationResponseSchema>;

export const PHOTO_VERIFICATION_STATES = ['none', 'verified', 'in-review'] as const;
export type PhotoVerificationState = (typeof PHOTO_VERIFICATION_STATES)[number];

/** GET /verification/photo → the signed-in member's own state. */
export const PhotoVerificationStatusResponseSchema = z.strictObject({
  success: z.literal(true),
  state: z.enum(PHOTO_VERIFICATION_STATES),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PhotoVerificationStatusResponse = z.infer<typeof PhotoVerificationStatusResponseSchema>;

/** One selfie waiting for a moderator, beside the member's photos. */
export const PhotoVerificationReviewSchema = z.strictObject({
  _id: z.string(),
  member: z.strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string() }),
  pose: z.enum(PHOTO_POSES),
  instruction: z.string(),
  poseMatched: z.boolean(),
  /** The model's similarity of the selfie to the closest photo (−1…1). */
  similarity: z.number(),
  submittedAt: z.iso.datetime({ offset: true }),
  /** The selfie as a data: URL (kept only while it waits here). */
  selfie: z.string(),
  photos: z.array(z.string()),
});
export type PhotoVerificationReview = z.infer<typeof PhotoVerificationReviewSchema>;

/** GET /moderation/photo-verifications: oldest first. */
export const PhotoVerificationQueueResponseSchema = z.strictObject({
  success: z.literal(true),
  items: z.array(PhotoVerificationReviewSchema),
});
export type PhotoVerificationQueueResponse = z.infer<typeof PhotoVerificationQueueResponseSchema>;

export const PhotoVerificationDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'refuse']),
});
export type PhotoVerificationDecision = z.infer<typeof PhotoVerificationDecisionSchema>;

export const PhotoVerificationDecisionResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
});
