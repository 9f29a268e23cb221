import type {
  PrivacySettings,
  PrivacySettingsInput,
  SavePrivacySettingsResponse,
} from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myPrivacyKey, useMyPrivacySettings } from '../../posts';

/** GET /api/users/me/privacy — read through the posts front door (Create Post uses it too). */
export const usePrivacySettings = useMyPrivacySettings;

/** PUT /api/users/me/privacy: all five settings at once; the answer is what is stored. */
export function savePrivacySettings(input: PrivacySettingsInput) {
  return api.put<SavePrivacySettingsResponse>('/users/me/privacy', input);
}

export function useSavePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrivacySettings,
    onSuccess: (response) => {
      queryClient.setQueryData<PrivacySettings>(myPrivacyKey, response.privacy);
    },
  });
}
