import type { BoostResponse, BoostStatus } from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { discoverKeys } from './query-keys';

/** GET /api/boost: the plan's allowance, the boost running now and when the next may start. */
export function fetchBoostStatus(signal?: AbortSignal): Promise<BoostStatus> {
  return api.get<BoostStatus>('/boost', { signal });
}

export function useBoostStatus() {
  return useQuery({
    queryKey: discoverKeys.boost(),
    queryFn: ({ signal }) => fetchBoostStatus(signal),
  });
}

/**
 * POST /api/boost: first in others' Discover for a while. Refused with 403 PLAN_LIMIT on a plan
 * without boosts (the upgrade dialog opens by itself) and 429 before the plan's next one.
 */
export function boostProfile(): Promise<BoostResponse> {
  return api.post<BoostResponse>('/boost');
}

export function useBoostProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: boostProfile,
    onSuccess: (response) =>
      queryClient.setQueryData<BoostStatus>(discoverKeys.boost(), (status) =>
        status
          ? { ...status, boostedUntil: response.boostedUntil, nextBoostAt: response.nextBoostAt }
          : status,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: discoverKeys.boost() }),
  });
}
