import type {
  ChangeEmailRequest,
  ChangeEmailResponse,
  VerifyEmailChangeRequest,
  VerifyEmailChangeResponse,
} from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/users/me/email: the password and the new address; a code goes to that address. */
export function requestEmailChange(input: ChangeEmailRequest) {
  return api.post<ChangeEmailResponse>('/users/me/email', input);
}

/** POST /api/users/me/email/verify: the code from the new address makes it the account's. */
export function verifyEmailChange(input: VerifyEmailChangeRequest) {
  return api.post<VerifyEmailChangeResponse>('/users/me/email/verify', input);
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export function useVerifyEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailChange,
    // The member's own email shows in more than one place (their member record, profile): a rare
    // change, so everything cached is refreshed rather than chasing each key.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
