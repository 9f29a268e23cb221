import type { PhoneVerifyRequest, PhoneVerifyResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/phone/verify. */
export function verifyPhone(input: PhoneVerifyRequest): Promise<PhoneVerifyResponse> {
  return api.post<PhoneVerifyResponse>('/phone/verify', input);
}

export function useVerifyPhone() {
  return useMutation({ mutationFn: verifyPhone });
}
