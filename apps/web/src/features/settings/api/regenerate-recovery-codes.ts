import type { RegenerateRecoveryCodesRequest, RecoveryCodesResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recoveryCodesStatusKey } from './recovery-codes-status';

/**
 * POST /api/2fa/recovery-codes `{ token }` (a fresh authenticator code): 10 new codes, shown once;
 * the old ones stop working. A wrong code is a 400 `CODE_INVALID` (the session stays).
 */
export function regenerateRecoveryCodes(input: RegenerateRecoveryCodesRequest) {
  return api.post<RecoveryCodesResponse>('/2fa/recovery-codes', input);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recoveryCodesStatusKey }),
  });
}
