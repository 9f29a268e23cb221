import type { Subscription } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** GET /api/users/{id}/subscription: the member's own plan, status and trial end. */
export async function fetchSubscription(
  userId: string,
  signal?: AbortSignal,
): Promise<Subscription> {
  const response = await api.get<{ success: true; subscription: Subscription }>(
    `/users/${encodeURIComponent(userId)}/subscription`,
    { signal },
  );
  return response.subscription;
}

export function useSubscription(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.subscription(userId),
    queryFn: ({ signal }) => fetchSubscription(userId, signal),
    enabled: options.enabled ?? true,
  });
}
