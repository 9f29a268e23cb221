import type { Profile } from '@kindred/contracts';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import { InterestsStep } from '../wizard/interests-step';
import { PersonalDetailsStep } from '../wizard/personal-details-step';
import {
  formFromProfile,
  profileDetailsResolver,
  profileUpdatePayload,
  type WizardForm,
} from '../wizard/wizard-form';
import styles from './edit-profile-modal.module.css';

export interface EditProfileModalProps {
  open: boolean;
  onClose: () => void;
  profile: Profile;
}

/**
 * "Edit profile" on the owner's page: every detail of the wizard's steps 2 and 4 (names, age,
 * gender, sexuality, location with the city suggestions, bio, interests), prefilled, with the
 * wizard's own fields and rules. The plan is changed with Upgrade and the photos with Manage photos.
 */
export function EditProfileModal({ open, onClose, profile }: EditProfileModalProps) {
  const update = useUpdateProfile(profile._id);
  return (
    <Modal
      open={open}
      onClose={update.isPending ? () => undefined : onClose}
      title="Edit profile"
      size="lg"
      closeOnBackdrop={false}
    >
      {open ? <EditProfileForm profile={profile} update={update} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditProfileForm({
  profile,
  update,
  onDone,
}: {
  profile: Profile;
  update: ReturnType<typeof useUpdateProfile>;
  onDone: () => void;
}) {
  const form = useForm<WizardForm>({
    defaultValues: formFromProfile(profile),
    resolver: profileDetailsResolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const ids = useId();
  const serverError = form.formState.errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(profileUpdatePayload(values));
    } catch (error) {
      // A refusal the member can act on in its own words; otherwise the general failure.
      const message =
        error instanceof ApiError && error.status < 500
          ? messageOf(error, M.updateFailed)
          : M.updateFailed;
      form.setError('root.server', { message });
      notify.error(message);
      return;
    }
    notify.success(M.profileUpdated);
    onDone();
  });

  const detailsId = `${ids}-details`;
  const interestsId = `${ids}-interests`;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormProvider {...form}>
        <section className={styles.section} aria-labelledby={detailsId}>
          <h3 id={detailsId} className={styles.sectionTitle}>
            Personal Details
          </h3>
          <PersonalDetailsStep />
        </section>
        <section className={styles.section} aria-labelledby={interestsId}>
          <h3 id={interestsId} className={styles.sectionTitle}>
            Interests
          </h3>
          <InterestsStep />
          {form.formState.isSubmitted && form.formState.errors.interests ? (
            <Alert tone="error">{form.formState.errors.interests.message}</Alert>
          ) : null}
        </section>
      </FormProvider>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
