import type { PhotoOrderResponse, UploadPhotoResponse } from '@kindred/contracts';
import { api, uploadForm } from '../../../lib/api-client';

/** The multipart field the API reads (SPEC §7). */
export const PHOTO_FIELD = 'photo';

/**
 * POST /api/profile/upload-photo with upload progress; the api client's upload helper gives each
 * attempt 30 s and makes up to 3 attempts 1 s apart (SPEC §7, §9).
 */
export function uploadPhoto(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadPhotoResponse> {
  const form = new FormData();
  form.append(PHOTO_FIELD, file, file.name);
  return uploadForm<UploadPhotoResponse>('/profile/upload-photo', form, { onProgress });
}

/** POST /api/profile/update/{userId} {photos}: the member's photos in the order to keep. */
export function savePhotoOrder(userId: string, photos: string[]): Promise<PhotoOrderResponse> {
  return api.post<PhotoOrderResponse>(`/profile/update/${encodeURIComponent(userId)}`, { photos });
}

/**
 * PUT /api/profile/photos/order {photos}: the member's photos in a new order (first = profile
 * picture). It must list each of their photos once; nothing is deleted.
 */
export function savePhotoPositions(photos: string[]): Promise<PhotoOrderResponse> {
  return api.put<PhotoOrderResponse>('/profile/photos/order', { photos });
}

/** The last part of a photo URL ("/api/media/ab12.webp" → "ab12.webp"), as the delete path names it. */
export function photoFileName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.split('/').filter(Boolean).pop() ?? '';
}

/** DELETE /api/profile/photo/{userId}/{filename}. */
export function deletePhoto(userId: string, url: string) {
  return api.delete<{ success: true; message: string }>(
    `/profile/photo/${encodeURIComponent(userId)}/${encodeURIComponent(photoFileName(url))}`,
  );
}

/** PATCH /api/profile/photos/{filename} {altText}: the description of one of the member's photos. */
export function describePhoto(url: string, altText: string | null): Promise<PhotoOrderResponse> {
  return api.patch<PhotoOrderResponse>(
    `/profile/photos/${encodeURIComponent(photoFileName(url))}`,
    { altText },
  );
}
