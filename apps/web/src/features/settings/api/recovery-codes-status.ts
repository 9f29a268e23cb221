import type { RecoveryCodesStatusResponse } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How many unused recovery codes the member has; replacing the codes refreshes it. */
export const recoveryCodesStatusKey = ['2fa', 'recovery-codes'] as const;

/** GET /api/2fa/recovery-codes → `{ success, remaining }`. */
export function fetchRecoveryCodesStatus(signal?: AbortSignal) {
  return api.get<RecoveryCodesStatusResponse>('/2fa/recovery-codes', { signal });
}

export function useRecoveryCodesStatus() {
  return useQuery({
    queryKey: recoveryCodesStatusKey,
    queryFn: ({ signal }) => fetchRecoveryCodesStatus(signal),
    select: (response) => response.remaining,
  });
}
