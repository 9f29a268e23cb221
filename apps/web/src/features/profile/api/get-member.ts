import type { PublicUser } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** GET /api/users/{id}: the member's public fields (their own include the names given at sign-up). */
export async function fetchMember(userId: string, signal?: AbortSignal): Promise<PublicUser> {
  const response = await api.get<{ success: true; user: PublicUser }>(
    `/users/${encodeURIComponent(userId)}`,
    { signal },
  );
  return response.user;
}

export function useMember(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.member(userId),
    queryFn: ({ signal }) => fetchMember(userId, signal),
    enabled: options.enabled ?? true,
    // Only used to pre-fill the wizard's names: not worth retrying or shouting about.
    retry: false,
  });
}
