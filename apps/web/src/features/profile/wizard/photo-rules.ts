import { MAX_PHOTOS, PHOTO_EXTENSIONS, PHOTO_MIME_TYPES, PROFILE_LIMITS } from '@kindred/contracts';
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

export interface PhotoSelection {
  /** Files to upload, in the order they were chosen. */
  accepted: File[];
  /** One message per problem, in the spec's words; "Maximum 6 photos allowed" at most once. */
  messages: string[];
}

/**
 * Sorts a drop into what to upload and what to say (SPEC §5 "Photos"): at most 6 photos in total
 * (the whole drop is refused when it would go over, with "Maximum 6 photos allowed"), each an image
 * of an accepted type and 5 MB or smaller.
 */
export function selectPhotos(
  acceptedByDropzone: readonly File[],
  rejections: readonly FileRejection[],
  currentCount: number,
): PhotoSelection {
  const messages = [...new Set(rejections.map(rejectionMessage))];
  // Belt and braces: the drop zone checks too, but a file whose type the browser left empty slips by.
  const accepted: File[] = [];
  for (const file of acceptedByDropzone) {
    if (file.size > PROFILE_LIMITS.maxPhotoBytes) messages.push(M.tooLarge(file.name));
    else if (file.type !== '' && !file.type.startsWith('image/'))
      messages.push(M.notImage(file.name));
    else accepted.push(file);
  }
  if (currentCount + accepted.length > MAX_PHOTOS) {
    return { accepted: [], messages: [...new Set([M.maxPhotos, ...messages])] };
  }
  return { accepted, messages };
}
