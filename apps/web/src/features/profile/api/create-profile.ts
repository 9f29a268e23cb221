import type { ProfileCreateRequest } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** POST /api/profile/create: creates (or completes) the signed-in member's own profile. */
export function createProfile(input: ProfileCreateRequest) {
  return api.post<{ success: true; message: string }>('/profile/create', input);
}

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: (_response, input) => {
      if (!input.userId) return;
      // Marked stale, not refetched now: the wizard screen watching it shows its success overlay
      // for 3 s before moving on, and a fresh complete profile would send it to the feed at once.
      for (const queryKey of [
        profileKeys.profile(input.userId),
        profileKeys.member(input.userId),
      ]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
