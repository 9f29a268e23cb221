import {
  MAX_PHOTOS,
  PHOTO_EXTENSIONS,
  PHOTO_MESSAGES,
  PHOTO_MIME_TYPES,
  PLANS,
  PROFILE_LIMITS,
  photoAllowance,
  planById,
  type PlanId,
} from '@kindred/contracts';
import { ErrorCode, type Accept, type FileRejection } from 'react-dropzone';
import { PROFILE_UI_MESSAGES as M } from '../messages';

/** What the drop zone accepts (SPEC §5): jpeg, jpg, png and webp. */
export const PHOTO_ACCEPT: Accept = {
  'image/jpeg': PHOTO_EXTENSIONS.filter(
    (extension) => extension === '.jpeg' || extension === '.jpg',
  ),
  'image/png': ['.png'],
  'image/webp': ['.webp'],
};

export const PHOTO_DROPZONE_OPTIONS = {
  accept: PHOTO_ACCEPT,
  multiple: true,
  maxFiles: MAX_PHOTOS,
  maxSize: PROFILE_LIMITS.maxPhotoBytes,
  minSize: 1,
} as const;

const isAcceptedType = (type: string) => (PHOTO_MIME_TYPES as readonly string[]).includes(type);

/** The message for one file the drop zone turned away. */
export function rejectionMessage({ file, errors }: FileRejection): string {
  const codes = errors.map((error) => error.code);
  if (codes.includes(ErrorCode.TooManyFiles)) return M.tooManyFiles;
  if (codes.includes(ErrorCode.FileInvalidType)) {
    // Not an image at all, or an image in a format we do not take (GIF, HEIC...).
    return file.type.startsWith('image/') && !isAcceptedType(file.type)
      ? M.unsupportedType(file.name)
      : M.notImage(file.name);
  }
  if (codes.includes(ErrorCode.FileTooLarge)) return M.tooLarge(file.name);
  if (codes.includes(ErrorCode.FileTooSmall)) return M.tooSmall(file.name);
  return M.rejected(file.name);
}

/**
 * The plans that allow more photos than `plan`, for an upgrade hint: "Beginner allows 4,
 * Professional 6" (empty when none does).
 */
export function plansAllowingMore(plan: PlanId): string {
  const allowance = photoAllowance(plan);
  return PLANS.filter((candidate) => photoAllowance(candidate.id) > allowance)
    .map((candidate, index) =>
      index === 0
        ? `${candidate.name} allows ${photoAllowance(candidate.id)}`
        : `${candidate.name} ${photoAllowance(candidate.id)}`,
    )
    .join(', ');
}

/** What a drop past the limit is told: the plan's allowance when it is below the hard cap. */
export function limitMessage(plan: PlanId | undefined): string {
  if (plan === undefined) return M.maxPhotos;
  const allowance = photoAllowance(plan);
  return allowance < MAX_PHOTOS
    ? PHOTO_MESSAGES.planAllowance(planById(plan).name, allowance)
    : M.maxPhotos;
}

export interface PhotoSelection {
  /** Files to upload, in the order they were chosen. */
  accepted: File[];
  /** One message per problem, in the spec's words; "Maximum 6 photos allowed" at most once. */
  messages: string[];
}

/**
 * Sorts a drop into what to upload and what to say (SPEC §5 "Photos"): at most the plan's allowance
 * in total, never more than 6 (the whole drop is refused when it would go over, with the plan's
 * message or "Maximum 6 photos allowed"), each an image of an accepted type and 5 MB or smaller.
 * Without a plan only the hard cap of 6 applies.
 */
export function selectPhotos(
  acceptedByDropzone: readonly File[],
  rejections: readonly FileRejection[],
  currentCount: number,
  plan?: PlanId,
): PhotoSelection {
  const limit = plan === undefined ? MAX_PHOTOS : photoAllowance(plan);
  const overLimit = limitMessage(plan);
  const messages = [
    ...new Set(
      rejections.map((rejection) =>
        rejection.errors.some((error) => error.code === ErrorCode.TooManyFiles)
          ? overLimit
          : rejectionMessage(rejection),
      ),
    ),
  ];
  // Belt and braces: the drop zone checks too, but a file whose type the browser left empty slips by.
  const accepted: File[] = [];
  for (const file of acceptedByDropzone) {
    if (file.size > PROFILE_LIMITS.maxPhotoBytes) messages.push(M.tooLarge(file.name));
    else if (file.type !== '' && !file.type.startsWith('image/'))
      messages.push(M.notImage(file.name));
    else accepted.push(file);
  }
  if (currentCount + accepted.length > limit) {
    return { accepted: [], messages: [...new Set([overLimit, ...messages])] };
  }
  return { accepted, messages };
}
