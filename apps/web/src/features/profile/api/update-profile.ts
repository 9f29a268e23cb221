import type { PhotoOrderResponse, ProfileUpdateRequest } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeMember } from '../../../lib/storage';
import { postKeys } from '../../posts';
import { profileKeys } from './query-keys';

/** POST /api/profile/update/{userId} with details: the member's own (the API checks). */
export function updateProfile(
  userId: string,
  details: ProfileUpdateRequest,
): Promise<PhotoOrderResponse> {
  return api.post<PhotoOrderResponse>(`/profile/update/${encodeURIComponent(userId)}`, details);
}

/**
 * Saves the owner's details. The profile page shows the answer at once (the profile as saved);
 * the member record and the feeds, which show the names, are fetched again.
 */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: ProfileUpdateRequest) => updateProfile(userId, details),
    onSuccess: async (result) => {
      if (result.profile) {
        queryClient.setQueryData(profileKeys.profile(userId), result.profile);
        storeMember({ firstName: result.profile.firstName });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.member(userId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
      ]);
    },
  });
}
