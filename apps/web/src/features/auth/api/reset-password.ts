import type { ResetPasswordRequest, ResetPasswordResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/users/password/reset: the emailed code and the new password (every session ends). */
export function resetPassword(input: ResetPasswordRequest): Promise<ResetPasswordResponse> {
  return api.post<ResetPasswordResponse>('/users/password/reset', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
