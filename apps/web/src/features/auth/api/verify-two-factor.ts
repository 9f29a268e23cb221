import type { TwoFactorVerifyRequest, TwoFactorVerifyResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/2fa/verify: used both to finish 2FA setup and for the 2FA step of every login. */
export function verifyTwoFactor(input: TwoFactorVerifyRequest): Promise<TwoFactorVerifyResponse> {
  return api.post<TwoFactorVerifyResponse>('/2fa/verify', input);
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
