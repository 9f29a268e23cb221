import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/users/{id}/disable: hidden until the member signs in again; every session ends. */
export function disableAccount(userId: string) {
  return api.post<{ success: true; message: string }>(
    `/users/${encodeURIComponent(userId)}/disable`,
  );
}

/** DELETE /api/users/{id}: permanent. */
export function deleteAccount(userId: string) {
  return api.delete<{ success: true; message: string }>(`/users/${encodeURIComponent(userId)}`);
}

export function useDisableAccount() {
  return useMutation({ mutationFn: disableAccount });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
