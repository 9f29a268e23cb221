import type { ChangePasswordRequest } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberSessionsKey } from './member-sessions';

/** POST /api/users/me/password: the current password and a new one; other sessions end. */
export function changePassword(input: ChangePasswordRequest) {
  return api.post<{ success: true; message: string }>('/users/me/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions are gone now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberSessionsKey }),
  });
}
