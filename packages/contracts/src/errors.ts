import type { EntitlementKey, UpgradePlanId } from './entitlements.js';

/**
 * Failures: every API error body is `{ success: false, message, code }`. The message is for people
 * (the spec's words); the code is for programs — the web app branches on codes, never on text.
 */

/** One code per kind of failure a client may need to tell apart. */
export const ERROR_CODES = [
  // One per HTTP status: what an error is when nothing more specific applies.
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'DELIVERY_FAILED',
  'UNAVAILABLE',
  // Account entry.
  'INVALID_CREDENTIALS',
  'SESSION_EXPIRED',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_ALREADY_VERIFIED',
  'TWO_FACTOR_NOT_SET_UP',
  'TWO_FACTOR_ALREADY_ENABLED',
  'CODE_NOT_REQUESTED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'PHONE_CANNOT_RECEIVE_SMS',
  'PHONE_OPTED_OUT',
  // Account settings.
  'WRONG_PASSWORD',
  'REAUTH_REQUIRED',
  // Members and their things.
  'MEMBER_NOT_FOUND',
  'PROFILE_NOT_FOUND',
  'PLAN_LIMIT',
  // Likes and matches.
  'ALREADY_MATCHED',
  'MATCH_NOT_FOUND',
  // Paying for a plan.
  'CHECKOUT_REQUIRED',
  'PAID_PLAN_ACTIVE',
  'CHECKOUT_CLOSED',
  'NO_PAID_PLAN',
  'WEBHOOK_SIGNATURE_INVALID',
  // Reports and moderation.
  'ALREADY_REPORTED',
  'ACCOUNT_SUSPENDED',
  // Contact controls.
  'FOLLOW_NOT_ALLOWED',
  'CONNECTIONS_HIDDEN',
  'COMMENTS_NOT_ALLOWED',
  'NEW_ACCOUNT_LIMIT',
  // Images.
  'IMAGE_SENSITIVE',
  // Photo verification.
  'PHOTO_CHALLENGE_NOT_FOUND',
  'PHOTO_CHALLENGE_USED',
  'PHOTO_CHALLENGE_EXPIRED',
  'PHOTO_VERIFICATION_IN_REVIEW',
  'PHOTO_VERIFICATION_NO_PHOTOS',
  // Messages.
  'MESSAGE_NOT_ALLOWED',
  'PHOTO_VERIFICATION_REQUIRED',
  'CONVERSATION_CLOSED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code of an error whose thrower named none, by HTTP status. */
export const DEFAULT_ERROR_CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'SERVER_ERROR',
  502: 'DELIVERY_FAILED',
  503: 'UNAVAILABLE',
};

export function defaultErrorCode(status: number): ErrorCode {
  return (
    DEFAULT_ERROR_CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'VALIDATION_FAILED')
  );
}

/** What an unexpected failure tells the member, on the server and in the web app alike. */
export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';

export interface ApiFailure {
  success: false;
  message: string;
  code: ErrorCode;
  /** Validation failures: each bad field with its message. */
  errors?: { field: string; message: string }[];
  /** Flood limits (429): seconds until the action frees up. */
  retryAfterSeconds?: number;
  /** PLAN_LIMIT (403): the entitlement that refused the action. */
  feature?: EntitlementKey;
  /** PLAN_LIMIT (403): the cheapest plan that allows it; null when no plan does. */
  requiredPlan?: UpgradePlanId | null;
}
