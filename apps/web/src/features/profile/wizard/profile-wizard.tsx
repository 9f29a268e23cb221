import type { Interest } from '@kindred/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { storage, storeMember } from '../../../lib/storage';
import { useCreateProfile } from '../api/create-profile';
import { useSelectPlan } from '../api/select-plan';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import { InterestsStep } from './interests-step';
import { PersonalDetailsStep } from './personal-details-step';
import { PhotosStep } from './photos-step';
import { PlanStep } from './plan-step';
import { SuccessOverlay } from './success-overlay';
import { usePhotoUploads } from './use-photo-uploads';
import {
  firstIncompleteStep,
  isStepComplete,
  LAST_STEP,
  profilePayload,
  WIZARD_STEPS,
  type WizardForm,
  type WizardPhoto,
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
  const [form, setForm] = useState<WizardForm>(initialForm);
  const [stepError, setStepError] = useState<string | null>(null);
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [advancing, setAdvancing] = useState(false);
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const createProfile = useCreateProfile();
  const selectPlan = useSelectPlan();

  const update = (patch: Partial<WizardForm>) => setForm((current) => ({ ...current, ...patch }));
  const setPhotos = (photos: WizardPhoto[]) => update({ photos });
  const photoUploads = usePhotoUploads(userId, form.photos, setPhotos);

  const complete = isStepComplete(step, form);
  // The message goes away by itself once the step is complete.
  const visibleStepError = stepError && !complete ? stepError : null;
  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(
      () => navigate(paths.feed(), { replace: true }),
      REDIRECT_AFTER_SAVE_MS,
    );
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const goTo = (next: WizardStep) => {
    setStep(next);
    setStepError(null);
    setShowFieldErrors(false);
    // Move focus to the new step's heading so keyboard and screen-reader users land on it.
    setTimeout(() => headingRef.current?.focus(), 0);
  };

  const block = () => {
    setStepError(M.requiredFields);
    setShowFieldErrors(true);
  };

  const next = async () => {
    if (!complete) {
      block();
      return;
    }
    if (step === 1) {
      // Recorded now so the photo step allows the chosen plan's photos (see photoAllowance).
      setAdvancing(true);
      try {
        await selectPlan.mutateAsync({ userId, planId: form.plan });
      } catch {
        notify.error(M.planSelectFailed);
      } finally {
        setAdvancing(false);
      }
    }
    goTo((step + 1) as WizardStep);
  };

  const create = async () => {
    if (!complete) {
      block();
      return;
    }
    const incomplete = firstIncompleteStep(form);
    if (incomplete !== null) {
      goTo(incomplete);
      block();
      return;
    }
    setSubmitError(null);
    try {
      await createProfile.mutateAsync(
        profilePayload(form, { userId, sessionId: storage.get('sessionId') }),
      );
    } catch (error) {
      const message = messageOf(error, M.createFailed);
      setSubmitError(message);
      notify.error(message);
      return;
    }
    try {
      await selectPlan.mutateAsync({ userId, planId: form.plan });
    } catch {
      // The profile is saved with its plan; only the separate plan record failed.
      notify.error(M.planSelectFailed);
    }
    storeMember({ firstName: form.firstName.trim() });
    setSaved(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (photoUploads.busy || advancing || createProfile.isPending || saved) return;
    void (step === LAST_STEP ? create() : next());
  };

  const toggleInterest = (interest: Interest) =>
    setForm((value) => ({
      ...value,
      interests: value.interests.includes(interest)
        ? value.interests.filter((candidate) => candidate !== interest)
        : [...value.interests, interest],
    }));

  const busy = photoUploads.busy || advancing || createProfile.isPending || saved;

  return (
    <div className="wizard">
      <header className="wizard__header">
        <ProgressBar value={(step / LAST_STEP) * 100} label={`Step ${step} of ${LAST_STEP}`} />
        <ol className="wizard__steps" aria-label="Steps">
          {WIZARD_STEPS.map(({ number, title }) => (
            <li
              key={number}
              className={[
                'wizard__step-marker',
                number === step && 'wizard__step-marker--current',
                number < step && 'wizard__step-marker--done',
              ]
                .filter(Boolean)
                .join(' ')}
              aria-current={number === step ? 'step' : undefined}
            >
              <span className="wizard__step-number" aria-hidden="true">
                {number}
              </span>
              <span className="wizard__step-title">{title}</span>
            </li>
          ))}
        </ol>
      </header>

      <Card as="section" padding="lg" aria-labelledby="wizard-step-heading">
        <form onSubmit={onSubmit} noValidate>
          <h2
            id="wizard-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="wizard__step-heading"
          >
            {current.title}
          </h2>

          {step === 1 ? <PlanStep value={form.plan} onChange={(plan) => update({ plan })} /> : null}
          {step === 2 ? (
            <PersonalDetailsStep form={form} onChange={update} showErrors={showFieldErrors} />
          ) : null}
          {step === 3 ? (
            <PhotosStep
              photos={form.photos}
              plan={form.plan}
              progress={photoUploads.progress}
              failures={photoUploads.failures}
              deleting={photoUploads.deleting}
              busy={photoUploads.busy}
              onDrop={(files, refused) => void photoUploads.add(files, refused)}
              onDelete={(photo) => void photoUploads.remove(photo)}
            />
          ) : null}
          {step === 4 ? (
            <InterestsStep selected={form.interests} onToggle={toggleInterest} />
          ) : null}

          {visibleStepError ? (
            <Alert tone="error" className="wizard__error">
              {visibleStepError}
            </Alert>
          ) : null}
          {submitError && step === LAST_STEP ? (
            <Alert tone="error" className="wizard__error">
              {submitError}
            </Alert>
          ) : null}

          <div className="wizard__actions">
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
              className={complete ? undefined : 'btn--incomplete'}
              disabled={photoUploads.busy || saved}
              loading={advancing || createProfile.isPending}
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
