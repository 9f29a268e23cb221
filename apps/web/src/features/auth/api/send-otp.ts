import type { SendOtpRequest, SendOtpResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/send-otp: emails a 6-digit code (the sign-up flow also sends the new member's id). */
export function sendEmailOtp(input: SendOtpRequest): Promise<SendOtpResponse> {
  return api.post<SendOtpResponse>('/send-otp', input);
}

export function useSendEmailOtp() {
  return useMutation({ mutationFn: sendEmailOtp });
}
