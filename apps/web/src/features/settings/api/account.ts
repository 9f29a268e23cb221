import { useMutation } from '@tanstack/react-query';
import type { AccountProofRequest } from '@kindred/contracts';
import { api } from '../../../lib/api-client';

/** Who the account belongs to, and the proof that they are at the keyboard. */
export interface AccountActionInput {
  userId: string;
  proof: AccountProofRequest;
}

/** POST /api/users/{id}/disable: hidden until the member signs in again; every session ends. */
export function disableAccount({ userId, proof }: AccountActionInput) {
  return api.post<{ success: true; message: string }>(
    `/users/${encodeURIComponent(userId)}/disable`,
    proof,
  );
}

/** DELETE /api/users/{id}: permanent. */
export function deleteAccount({ userId, proof }: AccountActionInput) {
  return api.delete<{ success: true; message: string }>(
    `/users/${encodeURIComponent(userId)}`,
    undefined,
    proof,
  );
}

export function useDisableAccount() {
  return useMutation({ mutationFn: disableAccount });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
