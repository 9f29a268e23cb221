import type { LoginRequest, LoginResponse, VerificationRequiredResponse } from '@kindred/contracts';
import { ApiError, api } from '../../../lib/api-client';

/**
 * POST /api/users/login → the member and the next account-entry step. Called directly, not through
 * a query-cache mutation: the login screen loads without the server-state cache.
 */
export function logIn(input: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/users/login', input);
}

/**
 * A 403 from login whose body says the email must be verified first (the 7-day deadline passed):
 * the API started a pending session, and the member continues at /verify-otp.
 */
export function verificationRequired(error: unknown): VerificationRequiredResponse | null {
  if (!(error instanceof ApiError) || error.code !== 'EMAIL_NOT_VERIFIED') return null;
  const body = error.body as Partial<VerificationRequiredResponse>;
  return body.nextStep === 'verify-email' && body.user?._id
    ? (body as VerificationRequiredResponse)
    : null;
}
