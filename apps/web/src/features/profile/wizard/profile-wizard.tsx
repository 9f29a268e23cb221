import { isPaidPlan } from '@kindred/contracts';
import { clsx } from 'clsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { storage, storeMember } from '../../../lib/storage';
import { useStartCheckout } from '../../billing';
import { useCreateProfile } from '../api/create-profile';
import { useSelectPlan } from '../api/select-plan';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import { InterestsStep } from './interests-step';
import { PersonalDetailsStep } from './personal-details-step';
import { PhotoDescriptions } from '../components/photo-descriptions';
import { PhotosStep } from './photos-step';
import { PlanStep } from './plan-step';
import { SuccessOverlay } from './success-overlay';
import styles from './profile-wizard.module.css';
import { photosFromAnswer, usePhotoUploads } from './use-photo-uploads';
import {
  firstIncompleteStep,
  isStepComplete,
  LAST_STEP,
  profilePayload,
  WIZARD_STEPS,
  wizardResolver,
  type WizardForm,
  type WizardStep,
} from './wizard-form';

/** SPEC §2/§9: the success overlay stays 3 s, then the feed. */
export const REDIRECT_AFTER_SAVE_MS = 3_000;

export interface ProfileWizardProps {
  userId: string;
  initialForm: WizardForm;
}

/**
 * The 4-step profile wizard (SPEC §2 "Profile wizard", §4 "Wizard"): a progress bar, Previous /
 * Next / Create Profile, and Next held back until the step's required fields are complete.
 */
export function ProfileWizard({ userId, initialForm }: ProfileWizardProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState<WizardStep>(1);
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const createProfile = useCreateProfile();
  const selectPlan = useSelectPlan();
  const startCheckout = useStartCheckout();
  const form = useForm<WizardForm>({
    defaultValues: initialForm,
    resolver: wizardResolver(step),
    // Age says what is wrong once left; the rest after a blocked Next, then as it is corrected.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // A blocked Next keeps focus on Next: the message under the step says what is missing.
    shouldFocusError: false,
  });
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const [photos, plan] = useWatch({ control: form.control, name: ['photos', 'plan'] });
  // Which steps are complete, so Next can look unavailable until the step is (by the same schema).
  const completeSteps = useWatch({
    control: form.control,
    compute: (values: WizardForm) =>
      WIZARD_STEPS.map(({ number }) => isStepComplete(number, values)),
  });

  const photoUploads = usePhotoUploads(userId, photos, (next) => form.setValue('photos', next));

  const complete = completeSteps[step - 1] === true;
  // Said after a blocked Next; it goes away by itself once the step is complete.
  const showStepError = isSubmitted && !complete;
  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(
      () => navigate(paths.feed(), { replace: true }),
      REDIRECT_AFTER_SAVE_MS,
    );
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  /** A new step starts without messages; a step sent back to keeps the ones that sent it back. */
  const goTo = (next: WizardStep, { blocked = false } = {}) => {
    form.reset(undefined, { keepValues: true, keepErrors: blocked, keepIsSubmitted: blocked });
    setStep(next);
    // Move focus to the new step's heading so keyboard and screen-reader users land on it.
    setTimeout(() => headingRef.current?.focus(), 0);
  };

  /** The step is complete: record the plan (step 1), or save the profile (last step). */
  const advance = async (data: WizardForm): Promise<WizardStep | null> => {
    if (step === 1) {
      // Recorded now so the photo step allows the chosen plan's photos (see photoAllowance).
      try {
        await selectPlan.mutateAsync({ userId, planId: data.plan });
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.code === 'CHECKOUT_REQUIRED' &&
          isPaidPlan(data.plan)
        ) {
          // A paid plan is paid for first: checkout brings the member back to this step, on it.
          await startCheckout
            .mutateAsync({ planId: data.plan, returnPath: paths.profileEdit(userId) })
            .catch((failure: unknown) => notify.error(messageOf(failure, M.planSelectFailed)));
          return null;
        }
        notify.error(messageOf(error, M.planSelectFailed));
      }
    }
    if (step !== LAST_STEP) return (step + 1) as WizardStep;

    try {
      await createProfile.mutateAsync(
        profilePayload(data, { userId, sessionId: storage.get('sessionId') }),
      );
    } catch (error) {
      // Kept until the next attempt (a new submit clears it).
      const message = messageOf(error, M.createFailed);
      form.setError('root.server', { message });
      notify.error(message);
      return null;
    }
    try {
      await selectPlan.mutateAsync({ userId, planId: data.plan });
    } catch {
      // The profile is saved with its plan; only the separate plan record failed.
      notify.error(M.planSelectFailed);
    }
    storeMember({ firstName: data.firstName.trim() });
    setSaved(true);
    return null;
  };

  const busy = photoUploads.busy || isSubmitting || saved;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    let next: WizardStep | null = null;
    let blocked = false;
    await form.handleSubmit(
      async (valid) => {
        next = await advance(valid);
      },
      () => {
        // Create Profile checks every step: an earlier one still missing something is shown.
        const incomplete = firstIncompleteStep(form.getValues());
        if (incomplete !== null && incomplete !== step) {
          next = incomplete;
          blocked = true;
        }
      },
    )(event);
    // After handleSubmit has recorded the attempt, so the new step starts clean.
    if (next !== null) goTo(next, { blocked });
  };

  return (
    <div className={styles.wizard}>
      <header className={styles.header}>
        <ProgressBar value={(step / LAST_STEP) * 100} label={`Step ${step} of ${LAST_STEP}`} />
        <ol className={styles.steps} aria-label="Steps">
          {WIZARD_STEPS.map(({ number, title }) => (
            <li
              key={number}
              className={clsx(
                styles.marker,
                number === step && styles.current,
                number < step && styles.done,
              )}
              aria-current={number === step ? 'step' : undefined}
            >
              <span className={styles.number} aria-hidden="true">
                {number}
              </span>
              <span className={styles.title}>{title}</span>
            </li>
          ))}
        </ol>
      </header>

      <Card as="section" padding="lg" aria-labelledby="wizard-step-heading">
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <h2 id="wizard-step-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
            {current.title}
          </h2>

          <FormProvider {...form}>
            {step === 1 ? <PlanStep /> : null}
            {step === 2 ? <PersonalDetailsStep /> : null}
            {step === 3 ? (
              <PhotosStep
                photos={photos}
                plan={plan}
                progress={photoUploads.progress}
                failures={photoUploads.failures}
                deleting={photoUploads.deleting}
                busy={photoUploads.busy}
                onDrop={(files, refused) => void photoUploads.add(files, refused)}
                onDelete={(photo) => void photoUploads.remove(photo)}
                onReorder={(next) => void photoUploads.reorder(next)}
              />
            ) : null}
            {step === 3 ? (
              <PhotoDescriptions
                photos={photos}
                onDescribed={(saved) => form.setValue('photos', photosFromAnswer(saved))}
              />
            ) : null}
            {step === 4 ? <InterestsStep /> : null}
          </FormProvider>

          {showStepError ? (
            <Alert tone="error" className={styles.error}>
              {M.requiredFields}
            </Alert>
          ) : null}
          {errors.root?.server ? (
            <Alert tone="error" className={styles.error}>
              {errors.root.server.message}
            </Alert>
          ) : null}

          <div className={styles.actions}>
            {step > 1 ? (
              <Button
                variant="secondary"
                onClick={() => goTo((step - 1) as WizardStep)}
                disabled={busy}
              >
                Previous
              </Button>
            ) : (
              <span />
            )}
            <Button
              type="submit"
              // Stays focusable and clickable when incomplete, so pressing it can say what is missing.
              aria-disabled={!complete || undefined}
              className={complete ? undefined : styles.incomplete}
              disabled={photoUploads.busy || saved}
              loading={
                isSubmitting &&
                (selectPlan.isPending || startCheckout.isPending || createProfile.isPending)
              }
            >
              {step === LAST_STEP ? 'Create Profile' : 'Next'}
            </Button>
          </div>
        </form>
      </Card>

      {saved ? <SuccessOverlay /> : null}
    </div>
  );
}
