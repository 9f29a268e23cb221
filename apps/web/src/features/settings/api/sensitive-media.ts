import type { SensitiveMediaPreference, SensitiveMediaSettingsResponse } from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../posts';

export const sensitiveMediaKey = ['settings', 'sensitive-media'] as const;

/** GET /api/users/me/sensitive-media — blur (the default), hide or show. */
export function useSensitiveMediaPreference() {
  return useQuery({
    queryKey: sensitiveMediaKey,
    queryFn: async () =>
      (await api.get<SensitiveMediaSettingsResponse>('/users/me/sensitive-media')).sensitiveMedia,
  });
}

/**
 * PUT /api/users/me/sensitive-media. Every cached list of posts is refetched: which posts show,
 * and which come covered, depends on it.
 */
export function useSaveSensitiveMediaPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sensitiveMedia: SensitiveMediaPreference) =>
      api.put<SensitiveMediaSettingsResponse>('/users/me/sensitive-media', { sensitiveMedia }),
    onSuccess: async (response) => {
      queryClient.setQueryData(sensitiveMediaKey, response.sensitiveMedia);
      await queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}
