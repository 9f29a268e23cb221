import type { PhoneSendCodeRequest, PhoneSendCodeResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/phone/send-code: texts a 6-digit code; in SMS dev mode the code comes back as devCode. */
export function sendPhoneCode(input: PhoneSendCodeRequest): Promise<PhoneSendCodeResponse> {
  return api.post<PhoneSendCodeResponse>('/phone/send-code', input);
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
