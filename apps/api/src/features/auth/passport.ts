import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { AppContext } from '../../context.js';
import { findUserByCredentials, type UserRow } from './service.js';

/**
 * The password check as a Passport local strategy. Passport only answers "whose credentials are
 * these"; it does not manage the session (no passport.session()): the auth routes record the
 * sign-in stage themselves, since a password alone never makes a full session here.
 */
export function createCredentialsCheck(context: AppContext) {
  const authenticator = new passport.Passport();
  authenticator.use(
    'local',
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', session: false },
      (email, password, done) => {
        findUserByCredentials(context, email, password).then(
          (user) => done(null, user ?? false),
          (error: unknown) => done(error),
        );
      },
    ),
  );

  /** The member whose email and password the (already validated) body holds, or null. */
  return function checkCredentials(req: Request, res: Response): Promise<UserRow | null> {
    return new Promise((resolve, reject) => {
      const next: NextFunction = (error?: unknown) =>
        reject(error instanceof Error ? error : new Error(String(error)));
      authenticator.authenticate(
        'local',
        { session: false },
        (error: unknown, user: UserRow | false) => {
          if (error) return reject(error instanceof Error ? error : new Error(String(error)));
          resolve(user || null);
        },
      )(req, res, next);
    });
  };
}
