import type { ForgotPasswordRequest, ForgotPasswordResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/users/password/forgot: mails a reset code if the email has an account. The answer is
 * the same either way, so the screen never learns (or says) whether it has.
 */
export function requestPasswordReset(
  input: ForgotPasswordRequest,
): Promise<ForgotPasswordResponse> {
  return api.post<ForgotPasswordResponse>('/users/password/forgot', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
