import type { MyEntitlementsResponse } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planKeys } from './query-keys';

/** GET /api/entitlements: the signed-in member's plan state and what it allows now. */
export async function fetchMyEntitlements(signal?: AbortSignal): Promise<MyEntitlementsResponse> {
  return api.get<MyEntitlementsResponse>('/entitlements', { signal });
}

export function useMyEntitlements(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: planKeys.mine,
    queryFn: ({ signal }) => fetchMyEntitlements(signal),
    enabled: options.enabled ?? true,
  });
}
