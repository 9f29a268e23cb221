import type { VerifyOtpRequest, VerifyOtpResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/verify-otp → the member id and where 2FA setup happens (setupUrl). */
export function verifyEmailOtp(input: VerifyOtpRequest): Promise<VerifyOtpResponse> {
  return api.post<VerifyOtpResponse>('/verify-otp', input);
}

export function useVerifyEmailOtp() {
  return useMutation({ mutationFn: verifyEmailOtp });
}
