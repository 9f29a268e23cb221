import { zodResolver } from '@hookform/resolvers/zod';
import {
  PhotoAltTextRequestSchema,
  IMAGE_SAFETY_MESSAGES,
  type PhotoOrderResponse,
} from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AltTextField } from '../../../components/ui/alt-text-field';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { describePhoto } from '../api/photos';
import type { WizardPhoto } from '../wizard/wizard-form';
import styles from './photo-descriptions.module.css';

export interface PhotoDescriptionsProps {
  /** The member's photos in order, each with its description (null: none). */
  photos: readonly WizardPhoto[];
  /** A description was saved: the server's photo list with every description. */
  onDescribed: (saved: PhotoOrderResponse) => void;
}

/**
 * Each of the member's photos with its description (alt text), asked for as soon as a photo is
 * uploaded (the wizard's photo step, Manage photos) and editable any time; saved one photo at a
 * time. No `<form>` of its own, so it may sit inside the wizard's form.
 */
export function PhotoDescriptions({ photos, onDescribed }: PhotoDescriptionsProps) {
  if (photos.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="photo-descriptions-title">
      <h3 id="photo-descriptions-title" className={styles.title}>
        Photo descriptions
      </h3>
      <ul className={styles.list}>
        {photos.map((photo, index) => (
          <li key={photo.url} className={styles.item}>
            <img src={photo.thumbnailUrl} alt="" className={styles.thumb} />
            <PhotoDescriptionForm
              url={photo.url}
              index={index}
              initial={photo.altText ?? ''}
              onDescribed={onDescribed}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

type Fields = z.input<typeof PhotoAltTextRequestSchema>;

function PhotoDescriptionForm({
  url,
  index,
  initial,
  onDescribed,
}: {
  url: string;
  index: number;
  initial: string;
  onDescribed: (saved: PhotoOrderResponse) => void;
}) {
  const form = useForm<Fields, unknown, z.output<typeof PhotoAltTextRequestSchema>>({
    resolver: zodResolver(PhotoAltTextRequestSchema),
    defaultValues: { altText: initial },
  });
  const save = useMutation({
    mutationFn: (altText: string | null) => describePhoto(url, altText),
    onSuccess: onDescribed,
  });
  const submit = async ({ altText }: z.output<typeof PhotoAltTextRequestSchema>) => {
    try {
      const result = await save.mutateAsync(altText);
      form.reset({ altText: altText ?? '' });
      notify.success(result.message);
    } catch (error) {
      notify.error(messageOf(error, 'Failed to save the description'));
    }
  };
  return (
    <div className={styles.form}>
      <AltTextField
        label={`${IMAGE_SAFETY_MESSAGES.altTextPrompt} (photo ${index + 1})`}
        {...form.register('altText')}
        error={form.formState.errors.altText?.message}
      />
      <Button
        size="sm"
        variant="secondary"
        loading={save.isPending}
        disabled={!form.formState.isDirty}
        onClick={(event) => void form.handleSubmit(submit)(event)}
      >
        Save description
      </Button>
    </div>
  );
}
