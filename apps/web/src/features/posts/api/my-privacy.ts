import type { PrivacySettings, PrivacySettingsResponse } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The signed-in member's privacy settings. Read here because Create Post preselects "Who can
 * comment" from them; Settings → Privacy & contact reads and saves them under the same key.
 */
export const myPrivacyKey = ['users', 'me', 'privacy'] as const;

/** GET /api/users/me/privacy (the defaults for a member who never saved any). */
export async function fetchMyPrivacy(signal?: AbortSignal): Promise<PrivacySettings> {
  const response = await api.get<PrivacySettingsResponse>('/users/me/privacy', { signal });
  return response.privacy;
}

export function useMyPrivacySettings() {
  return useQuery({ queryKey: myPrivacyKey, queryFn: ({ signal }) => fetchMyPrivacy(signal) });
}
