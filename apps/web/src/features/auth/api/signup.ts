import type { SignupRequest, SignupResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/users/signup → the new member's id and session handle. */
export function signUp(input: SignupRequest): Promise<SignupResponse> {
  return api.post<SignupResponse>('/users/signup', input);
}

export function useSignup() {
  return useMutation({ mutationFn: signUp });
}
