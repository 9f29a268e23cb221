import { useEffect, useState } from 'react';
import type { ErrorCode, PhotoChallenge, PhotoVerificationResponse } from '@kindred/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError, messageOf } from '../../../lib/api-client';
import {
  photoVerificationKeys,
  requestChallenge,
  submitSelfie,
  usePhotoVerificationState,
} from '../api/photo-verification';
import { PhotoVerifiedMark } from '../components/photo-verified-mark';
import { SelfieCamera } from '../components/selfie-camera';
import styles from './verify-photos-section.module.css';

type Step =
  | { kind: 'start' }
  | { kind: 'pose'; challenge: PhotoChallenge }
  | { kind: 'captured'; challenge: PhotoChallenge; selfie: Blob; preview: string }
  | { kind: 'sending'; preview: string; progress: number }
  | { kind: 'result'; result: PhotoVerificationResponse };

const RESULT_TONE = { verified: 'success', refused: 'warning', 'in-review': 'info' } as const;
const RESULT_TITLE = {
  verified: 'Verified',
  refused: 'Not verified this time',
  'in-review': 'Under review',
} as const;

/** Codes after which a new pose is the way forward. */
const NEW_POSE_CODES = new Set<ErrorCode>([
  'PHOTO_CHALLENGE_USED',
  'PHOTO_CHALLENGE_EXPIRED',
  'PHOTO_CHALLENGE_NOT_FOUND',
]);

/**
 * Settings → Verify your photos: the member copies a pose the server chose, takes a selfie (the
 * camera, or a file), and learns at once whether it matched their photos — or that a moderator
 * will look.
 */
export function VerifyPhotosSection() {
  const state = usePhotoVerificationState();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const preview = step.kind === 'captured' || step.kind === 'sending' ? step.preview : undefined;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function start() {
    setError(null);
    setStarting(true);
    try {
      const { challenge } = await requestChallenge();
      setStep({ kind: 'pose', challenge });
    } catch (failure) {
      setError(messageOf(failure, 'Could not start. Please try again.'));
    } finally {
      setStarting(false);
    }
  }

  async function send(challenge: PhotoChallenge, selfie: Blob, shown: string) {
    setError(null);
    setStep({ kind: 'sending', preview: shown, progress: 0 });
    try {
      const result = await submitSelfie(challenge._id, selfie, (progress) =>
        setStep({ kind: 'sending', preview: shown, progress }),
      );
      setStep({ kind: 'result', result });
      await queryClient.invalidateQueries({ queryKey: photoVerificationKeys.state() });
    } catch (failure) {
      setError(messageOf(failure, 'Your selfie could not be sent. Please try again.'));
      const newPose = failure instanceof ApiError && NEW_POSE_CODES.has(failure.code);
      setStep(
        newPose ? { kind: 'start' } : { kind: 'captured', challenge, selfie, preview: shown },
      );
    }
  }

  const current = state.data?.state;

  return (
    <Card as="section" padding="lg" aria-labelledby="settings-verify-photos-title">
      <h2 id="settings-verify-photos-title">Verify your photos</h2>
      <p>
        Show members your photos are really you. You&apos;ll copy a pose and take a selfie; we
        compare it with your profile photos. Your selfie is deleted once we&apos;ve decided.
      </p>

      {current === 'verified' && step.kind !== 'result' ? (
        <p className={styles.verified}>
          <PhotoVerifiedMark /> Your photos are verified.
        </p>
      ) : null}
      {current === 'in-review' && step.kind !== 'result' ? (
        <Alert tone="info">
          Your selfie is with a moderator. We&apos;ll show the mark once it&apos;s approved.
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}

      {step.kind === 'start' && current !== 'in-review' ? (
        <Button onClick={() => void start()} loading={starting}>
          {current === 'verified' ? 'Verify again' : 'Start verification'}
        </Button>
      ) : null}

      {step.kind === 'pose' || step.kind === 'captured' ? (
        <div className={styles.steps}>
          <p className={styles.pose} aria-live="polite">
            <span className={styles.poseLabel}>Your pose:</span> {step.challenge.instruction}
          </p>
          {step.kind === 'pose' ? (
            <SelfieCamera
              onCapture={(selfie) =>
                setStep({
                  kind: 'captured',
                  challenge: step.challenge,
                  selfie,
                  preview: URL.createObjectURL(selfie),
                })
              }
            />
          ) : (
            <>
              <img className={styles.selfie} src={step.preview} alt="Your selfie" />
              <div className={styles.actions}>
                <Button onClick={() => void send(step.challenge, step.selfie, step.preview)}>
                  Send selfie
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => setStep({ kind: 'pose', challenge: step.challenge })}
                >
                  Retake
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}

      {step.kind === 'sending' ? (
        <div className={styles.steps}>
          <img className={styles.selfie} src={step.preview} alt="Your selfie" />
          <ProgressBar value={step.progress} label="Checking your selfie" />
        </div>
      ) : null}

      {step.kind === 'result' ? (
        <>
          <Alert tone={RESULT_TONE[step.result.outcome]} title={RESULT_TITLE[step.result.outcome]}>
            {step.result.message}
          </Alert>
          {step.result.outcome === 'refused' ? (
            <Button onClick={() => void start()} loading={starting}>
              Try again
            </Button>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
