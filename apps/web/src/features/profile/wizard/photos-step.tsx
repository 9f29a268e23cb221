import {
  MAX_PHOTOS,
  photoAllowance,
  planById,
  unlockingPlan,
  type PlanId,
} from '@kindred/contracts';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useDropzone } from 'react-dropzone';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/close-icon';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { reportPlanLimit } from '../../../lib/api-client';
import {
  limitMessage,
  PHOTO_DROPZONE_OPTIONS,
  plansAllowingMore,
  selectPhotos,
} from './photo-rules';
import { SortablePhotoList } from './sortable-photo-list';
import styles from './photos-step.module.css';
import type { UploadProgress } from './use-photo-uploads';
import type { WizardPhoto } from './wizard-form';
import stepStyles from './wizard-step.module.css';

export interface PhotosStepProps {
  photos: readonly WizardPhoto[];
  plan: PlanId;
  progress: UploadProgress | null;
  failures: readonly string[];
  deleting: string | null;
  busy: boolean;
  /** The accepted files and the messages for the refused ones (both may be empty). */
  onDrop: (files: File[], refused: string[]) => void;
  onDelete: (photo: WizardPhoto) => void;
  /** When given, the photos can be put in another order (drag, Move left/right, Make profile picture). */
  onReorder?: (next: WizardPhoto[]) => void;
  /**
   * In the member area: past the plan's allowance, open the upgrade dialog (as a PLAN_LIMIT answer
   * does) from a "See plans with more photos" button and from a drop over the allowance.
   */
  offerPlans?: boolean;
}

/**
 * Step 3 (SPEC §2, §5): a drop zone (drag, or click / the Choose photos button; JPG, PNG, WEBP;
 * several at once; at most the plan's allowance — 3, 4 or 6 — 5 MB each), the upload progress, and
 * the photos with a delete button each — the first is the profile picture.
 *
 * The drop zone is a named group holding only its text (no control inside, so its name is its
 * visible text); keyboard and screen-reader users choose files with the button after it.
 */
export function PhotosStep({
  photos,
  plan,
  progress,
  failures,
  deleting,
  busy,
  onDrop,
  onDelete,
  onReorder,
  offerPlans = false,
}: PhotosStepProps) {
  const limit = photoAllowance(plan);
  const planName = planById(plan).name;
  const upgrade = plansAllowingMore(plan);
  const full = photos.length >= limit;
  // Past the plan's allowance (below the hard cap) the member area offers its upgrade dialog, as
  // for a PLAN_LIMIT answer; the wizard (no dialog there) has the hint's words only.
  const requiredPlan = unlockingPlan('photoAllowance', limit + 1);
  const showPlans = () =>
    reportPlanLimit({ feature: 'photoAllowance', requiredPlan, message: limitMessage(plan) });
  const offersPlans = offerPlans && full && limit < MAX_PHOTOS && requiredPlan !== null;
  const textId = useId();
  const { getRootProps, getInputProps, open, isDragActive, isDragReject } = useDropzone({
    ...PHOTO_DROPZONE_OPTIONS,
    disabled: busy || full,
    noKeyboard: true,
    onDrop: (accepted, rejections) => {
      const { accepted: files, messages } = selectPhotos(accepted, rejections, photos.length, plan);
      onDrop(files, messages);
      if (offerPlans && limit < MAX_PHOTOS && messages.includes(limitMessage(plan))) showPlans();
    },
  });

  const fullText =
    limit < MAX_PHOTOS
      ? `You have added the ${limit} photos your ${planName} plan allows.${upgrade ? ` ${upgrade}.` : ''}`
      : `You have added the maximum of ${MAX_PHOTOS} photos`;

  return (
    <div className={stepStyles.step}>
      <div
        {...getRootProps({
          className: clsx(
            styles.dropzone,
            isDragActive && styles.dragActive,
            isDragReject && styles.dragReject,
            (busy || full) && styles.disabled,
          ),
          role: 'group',
          'aria-labelledby': textId,
          'aria-disabled': busy || full || undefined,
        })}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 16V4m0 0L7 9m5-5l5 5M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p id={textId} className={styles.text}>
          {full
            ? fullText
            : isDragActive
              ? isDragReject
                ? 'Only JPG, PNG and WEBP images can be added'
                : 'Drop the photos here'
              : 'Drag photos here, or click to choose'}
        </p>
      </div>
      <input {...getInputProps({ 'aria-label': 'Choose photos', name: 'photos' })} />
      <div>
        {offersPlans ? (
          <Button size="sm" onClick={showPlans}>
            See plans with more photos
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={open} disabled={busy || full}>
            Choose photos
          </Button>
        )}
      </div>

      <ul className={styles.requirements} aria-label="Photo requirements">
        <li>
          {limit < MAX_PHOTOS
            ? `Up to ${limit} photos on your ${planName} plan${upgrade ? ` (${upgrade})` : ''}`
            : `Up to ${limit} photos`}
        </li>
        <li>JPG, PNG or WEBP</li>
        <li>5MB each</li>
      </ul>

      {progress ? (
        <ProgressBar value={progress.percent} label={`Uploading ${progress.fileName}`} />
      ) : null}

      {failures.length > 0 ? (
        <Alert tone="error">
          <ul className={styles.failures}>
            {failures.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {photos.length > 0 && onReorder ? (
        <SortablePhotoList
          photos={photos}
          busy={busy}
          deleting={deleting}
          onDelete={onDelete}
          onReorder={onReorder}
        />
      ) : photos.length > 0 ? (
        <ol className={styles.list} aria-label="Your photos">
          {photos.map((photo, index) => {
            const label = index === 0 ? `Photo 1 (profile picture)` : `Photo ${index + 1}`;
            return (
              <li key={photo.url} className={styles.item}>
                <img src={photo.thumbnailUrl} alt={label} className={styles.image} loading="lazy" />
                {index === 0 ? <span className={styles.badge}>Profile picture</span> : null}
                <button
                  type="button"
                  className={styles.delete}
                  aria-label={`Delete photo ${index + 1}`}
                  onClick={() => onDelete(photo)}
                  disabled={busy}
                  aria-busy={deleting === photo.url || undefined}
                >
                  <CloseIcon size={16} />
                </button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className={stepStyles.hint}>
          No photos yet. The first photo you add becomes your profile picture.
        </p>
      )}
      <p className={stepStyles.hint} aria-live="polite">
        {photos.length} of {limit} photos added
      </p>
    </div>
  );
}
