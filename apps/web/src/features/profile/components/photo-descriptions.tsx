import { zodResolver } from '@hookform/resolvers/zod';
import { PhotoAltTextRequestSchema, IMAGE_SAFETY_MESSAGES, type Profile } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AltTextField } from '../../../components/ui/alt-text-field';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { describePhoto } from '../api/photos';
import { profileKeys } from '../api/query-keys';
import styles from './photo-descriptions.module.css';

export interface PhotoDescriptionsProps {
  userId: string;
  photos: readonly string[];
  thumbnails: readonly string[];
  /** The descriptions in the same order (null: none). */
  alts: readonly (string | null)[];
}

/**
 * Each of the member's photos with its description (alt text), asked for as soon as a photo is
 * uploaded and editable any time; saved one photo at a time.
 */
export function PhotoDescriptions({ userId, photos, thumbnails, alts }: PhotoDescriptionsProps) {
  if (photos.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="photo-descriptions-title">
      <h3 id="photo-descriptions-title" className={styles.title}>
        Photo descriptions
      </h3>
      <ul className={styles.list}>
        {photos.map((url, index) => (
          <li key={url} className={styles.item}>
            <img src={thumbnails[index] ?? url} alt="" className={styles.thumb} />
            <PhotoDescriptionForm
              userId={userId}
              url={url}
              index={index}
              initial={alts[index] ?? ''}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

type Fields = z.input<typeof PhotoAltTextRequestSchema>;

function PhotoDescriptionForm({
  userId,
  url,
  index,
  initial,
}: {
  userId: string;
  url: string;
  index: number;
  initial: string;
}) {
  const queryClient = useQueryClient();
  const form = useForm<Fields, unknown, z.output<typeof PhotoAltTextRequestSchema>>({
    resolver: zodResolver(PhotoAltTextRequestSchema),
    defaultValues: { altText: initial },
  });
  const save = useMutation({
    mutationFn: (altText: string | null) => describePhoto(url, altText),
    onSuccess: (result) =>
      queryClient.setQueryData<Profile>(profileKeys.profile(userId), (profile) =>
        profile ? { ...profile, photoAlts: result.photoAlts } : profile,
      ),
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
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <AltTextField
        label={`${IMAGE_SAFETY_MESSAGES.altTextPrompt} (photo ${index + 1})`}
        {...form.register('altText')}
        error={form.formState.errors.altText?.message}
      />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        loading={save.isPending}
        disabled={!form.formState.isDirty}
      >
        Save description
      </Button>
    </form>
  );
}
