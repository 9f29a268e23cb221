import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { REMEMBER_ME_DAYS } from '@kindred/contracts';
import type { SessionAuth } from '../../http/session.js';

/**
 * Moving a session from one sign-in stage to the next. Every step up gets a new session id
 * (regenerate), so an id planted or seen before the step is worthless after it (session fixation),
 * and a new public handle (the `sessionId` replies carry; never the cookie's secret id).
 */

export interface StageInput {
  userId: string;
  stage: SessionAuth['stage'];
  challengeId?: string | undefined;
  rememberMe?: boolean | undefined;
}

const REMEMBER_ME_MS = REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000;

export async function enterStage(req: Request, input: StageInput): Promise<SessionAuth> {
  await new Promise<void>((resolve, reject) =>
    req.session.regenerate((error: unknown) => (error ? reject(toError(error)) : resolve())),
  );
  const auth: SessionAuth = {
    userId: input.userId,
    stage: input.stage,
    handle: randomUUID(),
    ...(input.challengeId ? { challengeId: input.challengeId } : {}),
    ...(input.rememberMe ? { rememberMe: true } : {}),
  };
  req.session.auth = auth;
  // Shown in the member's list of sessions (Settings → Sessions & devices).
  const userAgent = req.get('user-agent');
  if (userAgent) req.session.userAgent = userAgent;
  // "Remember me" makes the signed-in cookie outlive the browser; anything else keeps the new
  // session's default, a browser-session cookie (the server still expires idle sessions).
  if (input.stage === 'full' && input.rememberMe) req.session.cookie.maxAge = REMEMBER_ME_MS;
  await saveSession(req);
  return auth;
}

/** Records a new challenge on the current session (no step up: the id stays). */
export async function attachChallenge(req: Request, challengeId: string): Promise<void> {
  if (!req.session.auth) return;
  req.session.auth = { ...req.session.auth, challengeId };
  await saveSession(req);
}

function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((error: unknown) => (error ? reject(toError(error)) : resolve())),
  );
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
