import { Router } from 'express';
import {
  AUTH_MESSAGES,
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  type ForgotPasswordResponse,
  type ResetPasswordResponse,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../http/body.js';
import { clientIp, limitPerIp } from '../../http/rate-limit.js';
import { loginClientOf } from './device-cookie.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { unlessRefused } from './refusals.js';

/**
 * Forgot password (password-reset.ts), open to visitors: a code by email, then the new password
 * with it. Each route counts the client's IP, parses with its contract, runs one step and presents
 * its outcome (a refusal becomes its error reply, refusals.ts).
 */
export function passwordResetRoutes(context: AppContext): Router {
  const router = Router();
  const { rateLimiters: limits } = context;

  router.post(
    '/users/password/forgot',
    limitPerIp(limits, 'passwordForgotPerIp'),
    async (req, res) => {
      const input = parseBody(ForgotPasswordRequestSchema, req);
      unlessRefused(await requestPasswordReset(context, input));
      res.json({
        success: true,
        message: AUTH_MESSAGES.passwordResetRequested,
      } satisfies ForgotPasswordResponse);
    },
  );

  router.post(
    '/users/password/reset',
    limitPerIp(limits, 'passwordResetPerIp'),
    async (req, res) => {
      const input = parseBody(ResetPasswordRequestSchema, req);
      const client = loginClientOf(req, context.config, clientIp(req));
      unlessRefused(await resetPassword(context, input, client));
      res.json({
        success: true,
        message: AUTH_MESSAGES.passwordResetDone,
      } satisfies ResetPasswordResponse);
    },
  );

  return router;
}
