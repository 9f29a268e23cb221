import type { PhotoOrderResponse, PlanId, Profile } from '@kindred/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { postKeys } from '../../posts';
import { profileKeys } from '../api/query-keys';
import { PhotosStep } from '../wizard/photos-step';
import { PhotoDescriptions } from './photo-descriptions';
import { photosFromAnswer, usePhotoUploads } from '../wizard/use-photo-uploads';
import type { WizardPhoto } from '../wizard/wizard-form';

export interface ManagePhotosModalProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  plan: PlanId | null;
  photos: readonly string[];
  thumbnails: readonly string[];
  /** Each photo's description (alt text), in the same order. */
  photoAlts?: readonly (string | null)[];
}

/**
 * The owner adds, deletes and reorders photos from their profile page (SPEC §6 "edit photos"),
 * with the same drop zone, limits and messages as the wizard's photo step; the first photo is the
 * profile picture (drag, Move left/right, or "Make profile picture"). The profile page behind
 * shows each change at once (its cached profile is updated).
 */
export function ManagePhotosModal({
  open,
  onClose,
  userId,
  plan,
  photos,
  thumbnails,
  photoAlts = [],
}: ManagePhotosModalProps) {
  const queryClient = useQueryClient();
  const current = photosFromAnswer({ photos, thumbnails, photoAlts });
  // Descriptions move with their photos (a reorder's answer carries them in the new order).
  const setPhotos = (next: WizardPhoto[]) =>
    queryClient.setQueryData<Profile>(profileKeys.profile(userId), (profile) =>
      profile
        ? {
            ...profile,
            photos: next.map((photo) => photo.url),
            thumbnails: next.map((photo) => photo.thumbnailUrl),
            photoAlts: next.map((photo) => photo.altText),
            profilePicture: next[0]?.url ?? null,
          }
        : profile,
    );
  const describe = (saved: PhotoOrderResponse) =>
    queryClient.setQueryData<Profile>(profileKeys.profile(userId), (profile) =>
      profile ? { ...profile, photoAlts: saved.photoAlts } : profile,
    );
  const uploads = usePhotoUploads(userId, current, setPhotos);
  // A new first photo is a new picture beside the member's name on their posts and comments too.
  const reorder = async (next: WizardPhoto[]) => {
    await uploads.reorder(next);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
      queryClient.invalidateQueries({ queryKey: profileKeys.member(userId) }),
    ]);
  };

  return (
    <Modal
      open={open}
      onClose={uploads.busy ? () => undefined : onClose}
      title="Manage photos"
      description="The first photo is your profile picture. Drag a photo, or use its buttons, to change the order."
      size="lg"
      footer={
        <Button onClick={onClose} disabled={uploads.busy}>
          Done
        </Button>
      }
    >
      <PhotosStep
        photos={current}
        plan={plan ?? 'free'}
        progress={uploads.progress}
        failures={uploads.failures}
        deleting={uploads.deleting}
        busy={uploads.busy}
        onDrop={(files, refused) => void uploads.add(files, refused)}
        onDelete={(photo) => void uploads.remove(photo)}
        onReorder={(next) => void reorder(next)}
        offerPlans
      />
      <PhotoDescriptions photos={current} onDescribed={describe} />
    </Modal>
  );
}
