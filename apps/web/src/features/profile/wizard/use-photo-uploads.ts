import { useState } from 'react';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { deletePhoto, savePhotoOrder, savePhotoPositions, uploadPhoto } from '../api/photos';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import type { WizardPhoto } from './wizard-form';

export interface UploadProgress {
  fileName: string;
  percent: number;
}

/** The reason a failed upload gives: the server's message, the error's own, or "Upload failed". */
export function uploadFailureReason(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? M.uploadFailed;
  if (error instanceof Error && error.message) return error.message;
  return M.uploadFailed;
}

/**
 * The photos as the server keeps them, each with its description; a thumbnail the answer lacks is
 * taken from `knownThumbnails` (by URL), else the photo itself.
 */
export function photosFromAnswer(
  saved: {
    photos: readonly string[];
    thumbnails?: readonly string[];
    photoAlts?: readonly (string | null)[];
  },
  knownThumbnails: ReadonlyMap<string, string> = new Map(),
): WizardPhoto[] {
  return saved.photos.map((url, index) => ({
    url,
    thumbnailUrl: saved.thumbnails?.[index] ?? knownThumbnails.get(url) ?? url,
    altText: saved.photoAlts?.[index] ?? null,
  }));
}

/**
 * Photo uploads of the wizard's step 3 (SPEC §2, §7): each file is uploaded in turn with progress,
 * then the full list is saved (POST /profile/update/{userId}); the list the server keeps is the one
 * shown. Failures are said inline and as a toast, per file.
 */
export function usePhotoUploads(
  userId: string | null,
  photos: readonly WizardPhoto[],
  setPhotos: (photos: WizardPhoto[]) => void,
) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [reordering, setReordering] = useState(false);
  const busy = progress !== null || deleting !== null || reordering;

  const fail = (message: string) => {
    setFailures((current) => [...current, message]);
    notify.error(message);
  };

  /**
   * A drop: what the drop zone refused is said first (inline and as toasts), then the accepted
   * files are uploaded one after another.
   */
  const add = async (files: readonly File[], refused: readonly string[] = []) => {
    setFailures([...refused]);
    refused.forEach((message) => notify.error(message));
    if (files.length === 0) return;
    if (!userId) {
      fail(M.userIdMissing);
      return;
    }
    // The list as the server keeps it, updated after every file.
    let current = [...photos];
    const thumbnails = new Map(current.map((photo) => [photo.url, photo.thumbnailUrl]));
    try {
      for (const file of files) {
        setProgress({ fileName: file.name, percent: 0 });
        try {
          const uploaded = await uploadPhoto(file, (percent) =>
            setProgress({ fileName: file.name, percent }),
          );
          // An answer without the photo's address is a failed upload (SPEC §8 "Upload failed").
          if (typeof uploaded?.url !== 'string' || uploaded.url === '')
            throw new Error(M.uploadFailed);
          thumbnails.set(uploaded.url, uploaded.thumbnailUrl ?? uploaded.url);
          const saved = await savePhotoOrder(userId, [
            ...current.map((photo) => photo.url),
            uploaded.url,
          ]);
          current = photosFromAnswer(
            { photos: saved.photos, photoAlts: saved.photoAlts },
            thumbnails,
          );
          setPhotos(current);
          notify.success(M.uploaded(file.name));
        } catch (error) {
          fail(M.uploadFailedFor(file.name, uploadFailureReason(error)));
        }
      }
    } finally {
      setProgress(null);
    }
  };

  const remove = async (photo: WizardPhoto) => {
    if (!userId) {
      fail(M.noUserId);
      return;
    }
    setDeleting(photo.url);
    try {
      await deletePhoto(userId, photo.url);
      setPhotos(photos.filter((candidate) => candidate.url !== photo.url));
      notify.success(M.photoDeleted);
    } catch {
      notify.error(M.photoDeleteFailed);
    } finally {
      setDeleting(null);
    }
  };

  /**
   * A new order (a drag, Move left/right, or Make profile picture): shown at once, saved with
   * PUT /profile/photos/order, and put back as it was if the server refuses it.
   */
  const reorder = async (next: WizardPhoto[]) => {
    const previous = [...photos];
    setPhotos(next);
    setReordering(true);
    try {
      const saved = await savePhotoPositions(next.map((photo) => photo.url));
      const thumbnails = new Map(next.map((photo) => [photo.url, photo.thumbnailUrl]));
      setPhotos(photosFromAnswer(saved, thumbnails));
    } catch (error) {
      setPhotos(previous);
      notify.error(messageOf(error, M.reorderFailed));
    } finally {
      setReordering(false);
    }
  };

  return { add, remove, reorder, progress, failures, deleting, busy };
}
