import type { Request, RequestHandler } from 'express';
import { hasRole, MODERATION_MESSAGES, type MemberRole } from '@kindred/contracts';
import type { Executor } from '../db/client.js';
import { roleOf } from '../features/users/index.js';
import { AppError, forbidden } from './errors.js';
import type { SessionAuth } from './session.js';

/**
 * The acting member comes from the session and nowhere else. Member routes use `requireMember`;
 * a `userId` a client sends is only ever compared with the session's, never believed.
 */

export const NOT_SIGNED_IN_MESSAGE = 'Please log in first';

export const requireMember: RequestHandler = (req, _res, next) => {
  const auth = req.session?.auth;
  if (!auth || auth.stage !== 'full') throw new AppError(401, NOT_SIGNED_IN_MESSAGE);
  next();
};

/**
 * Moderation routes: a full session (401 without) whose member holds `minimum` or a higher role
 * (403 otherwise). The role is read from the database on every request, so a demotion holds at
 * once; roles are granted from the command line only (`pnpm admin:grant`).
 */
export function requireRole(db: Executor, minimum: Exclude<MemberRole, 'member'>): RequestHandler {
  return async (req, _res, next) => {
    const auth = req.session?.auth;
    if (!auth || auth.stage !== 'full') throw new AppError(401, NOT_SIGNED_IN_MESSAGE);
    if (!hasRole(await roleOf(db, auth.userId), minimum)) {
      throw forbidden(MODERATION_MESSAGES.moderatorsOnly);
    }
    next();
  };
}

/** The id of the signed-in member. Only call behind `requireMember`. */
export function memberId(req: Request): string {
  const auth = req.session?.auth;
  if (!auth || auth.stage !== 'full') throw new AppError(401, NOT_SIGNED_IN_MESSAGE);
  return auth.userId;
}

/**
 * Refuses a request that names a member other than the signed-in one as the actor
 * (the spec's payloads carry `userId`; we accept it only when it is the session's own).
 */
export function assertActingAs(req: Request, claimedUserId: unknown): string {
  const actor = memberId(req);
  if (claimedUserId !== undefined && claimedUserId !== null && claimedUserId !== actor) {
    throw forbidden('You can only act as yourself');
  }
  return actor;
}

/**
 * Account entry (email code, 2FA, phone) is also open to a `pending` session: one that gave a
 * password or just signed up but has not passed the second factor yet. Such a session acts only
 * for its own member; which step it may take next is decided by the auth feature.
 */
export function signingInAs(req: Request): SessionAuth {
  const auth = req.session?.auth;
  if (!auth) throw new AppError(401, NOT_SIGNED_IN_MESSAGE);
  return auth;
}

/** Like `assertActingAs`, for a session at any stage of signing in. */
export function assertSigningInAs(req: Request, claimedUserId: unknown): SessionAuth {
  const auth = signingInAs(req);
  if (claimedUserId !== undefined && claimedUserId !== null && claimedUserId !== auth.userId) {
    throw forbidden('You can only act as yourself');
  }
  return auth;
}
