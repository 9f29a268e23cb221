import type { Request, RequestHandler } from 'express';
import { AppError, forbidden } from './errors.js';

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
