import {
  PhotoChallengeResponseSchema,
  PhotoVerificationDecisionResponseSchema,
  PhotoVerificationQueueResponseSchema,
  PhotoVerificationResponseSchema,
  PhotoVerificationStatusResponseSchema,
  type PhotoVerificationDecision,
} from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadForm } from '../../../lib/api-client';

export const photoVerificationKeys = {
  state: () => ['photo-verification', 'state'] as const,
  reviews: () => ['photo-verification', 'reviews'] as const,
};

/** GET /api/verification/photo: none, verified or in review. */
export function usePhotoVerificationState() {
  return useQuery({
    queryKey: photoVerificationKeys.state(),
    queryFn: () =>
      api.get('/verification/photo', { schema: PhotoVerificationStatusResponseSchema }),
  });
}

/** POST /api/verification/photo/challenge: the pose to copy (chosen by the server). */
export function requestChallenge() {
  return api.post('/verification/photo/challenge', {}, { schema: PhotoChallengeResponseSchema });
}

/** The multipart field the API reads. */
export const SELFIE_FIELD = 'selfie';

/**
 * POST /api/verification/photo: one attempt only — a challenge answers once, so a retried upload
 * would be refused as used.
 */
export function submitSelfie(
  challengeId: string,
  selfie: Blob,
  onProgress?: (percent: number) => void,
) {
  const form = new FormData();
  form.append('challengeId', challengeId);
  form.append(SELFIE_FIELD, selfie, 'selfie.jpg');
  return uploadForm('/verification/photo', form, {
    attempts: 1,
    timeoutMs: 120_000,
    onProgress,
    schema: PhotoVerificationResponseSchema,
  });
}

/** GET /api/moderation/photo-verifications: selfies waiting for a moderator. */
export function usePhotoVerificationReviews(options: { enabled: boolean }) {
  return useQuery({
    queryKey: photoVerificationKeys.reviews(),
    queryFn: () =>
      api.get('/moderation/photo-verifications', { schema: PhotoVerificationQueueResponseSchema }),
    enabled: options.enabled,
  });
}

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string } & PhotoVerificationDecision) =>
      api.post(
        `/moderation/photo-verifications/${encodeURIComponent(id)}/decision`,
        { decision },
        { schema: PhotoVerificationDecisionResponseSchema },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: photoVerificationKeys.reviews() }),
  });
}
