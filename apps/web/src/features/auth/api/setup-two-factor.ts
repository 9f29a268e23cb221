import type { TwoFactorSetupRequest, TwoFactorSetupResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/2fa/setup → a QR code (data: URL), the otpauth:// URI and the secret for manual entry. */
export function setUpTwoFactor(input: TwoFactorSetupRequest): Promise<TwoFactorSetupResponse> {
  return api.post<TwoFactorSetupResponse>('/2fa/setup', input);
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}
