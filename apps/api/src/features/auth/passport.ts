import type { Request, Response } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { LoginRequestSchema } from '@kindred/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { clientIp } from '../../http/rate-limit.js';
import { loginClientOf } from './device-cookie.js';
import { signInWithPassword, type PasswordOutcome } from './service.js';

/**
 * The password step's single entry: a Passport local strategy. It reads the email and password
 * (and, with the request, the login's other choices and the client's address), runs the password
 * step — failed-attempt limits, the bcrypt check, recording the login — and hands the step's
 * outcome to the route, which presents it like every other step's. Passport does not manage the
 * session here (no passport.session()): a password alone never makes a full session, so the route
 * moves the session to its next stage itself.
 */
export function createPasswordStep(context: AppContext) {
  const authenticator = new passport.Passport();
  authenticator.use(
    'local',
    new LocalStrategy(
      {
        usernameField: 'email',
        passwordField: 'password',
        session: false,
        passReqToCallback: true,
      },
      (req, email, password, done) => {
        // The route has parsed the body with the contract (defaults filled in, email normalised).
        const input = req.body as z.output<typeof LoginRequestSchema>;
        signInWithPassword(context, {
          ...input,
          email,
          password,
          ...loginClientOf(req, context.config, clientIp(req)),
        }).then(
          // Every outcome, a refusal too, is the strategy's "user": the route decides what it means.
          (outcome) => done(null, outcome),
          (error: unknown) => done(error),
        );
      },
    ),
  );

  /** Runs the password step for a request whose body the login contract already parsed. */
  return function passwordStep(req: Request, res: Response): Promise<PasswordOutcome> {
    return new Promise((resolve, reject) => {
      authenticator.authenticate(
        'local',
        { session: false },
        (error: unknown, outcome: PasswordOutcome | false) => {
          if (error) return reject(error instanceof Error ? error : new Error(String(error)));
          // `false` only when a field is missing, which the contract already refused.
          resolve(outcome || { kind: 'invalid-credentials' });
        },
      )(req, res, (error?: unknown) =>
        reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
  };
}
