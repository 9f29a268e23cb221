import type {
  PhoneSendCodeRequest,
  PhoneSendCodeResponse,
  PhoneVerifyRequest,
  PhoneVerifyResponse,
} from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The phone step's own routes. Changing a verified number sends the current password or an
 * authenticator code with the first request (`currentPassword` / `totpCode`).
 */
export function sendPhoneChangeCode(input: PhoneSendCodeRequest) {
  return api.post<PhoneSendCodeResponse>('/phone/send-code', input);
}

export function verifyPhoneChange(input: PhoneVerifyRequest) {
  return api.post<PhoneVerifyResponse>('/phone/verify', input);
}

export function useSendPhoneChangeCode() {
  return useMutation({ mutationFn: sendPhoneChangeCode });
}

export function useVerifyPhoneChange() {
  return useMutation({ mutationFn: verifyPhoneChange });
}
