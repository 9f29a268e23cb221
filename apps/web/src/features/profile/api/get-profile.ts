import type { Profile, ProfileResponse } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** GET /api/profile/{userId}: 404 until the member has created a profile. */
export async function fetchProfile(userId: string, signal?: AbortSignal): Promise<Profile> {
  const response = await api.get<ProfileResponse>(`/profile/${encodeURIComponent(userId)}`, {
    signal,
  });
  return response.profile;
}

export function useProfile(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.profile(userId),
    queryFn: ({ signal }) => fetchProfile(userId, signal),
    enabled: options.enabled ?? true,
  });
}
