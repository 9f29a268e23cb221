import { Router, type RequestHandler } from 'express';
import {
  AccountProofRequestSchema,
  ACCOUNT_MESSAGES,
  CODE_RESEND_WAIT_SECONDS,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  VerifyEmailChangeRequestSchema,
  type ChangeEmailResponse,
  type LogoutResponse,
  type VerifyEmailChangeResponse,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { clientIp, limitPerIp } from '../../http/rate-limit.js';
import { loginClientOf } from './device-cookie.js';
import { assertMemberAtKeyboard } from './reauthentication.js';
import { changePassword, confirmEmailChange, requestEmailChange } from './credential-changes.js';

/**
 * Settings → Account: the signed-in member changes their password or email address. The phone
 * number changes through the phone step (routes.ts), which asks for the same proof.
 */
export function accountCredentialRoutes(context: AppContext): Router {
  const router = Router();
  const { rateLimiters: limits } = context;

  /**
   * Disabling or deleting one's account (features/users, mounted after these routes) first asks
   * who is at the keyboard: a stolen session alone must not be able to close the account.
   * Another member's id goes straight on, to be refused there.
   */
  const atKeyboard: RequestHandler = async (req, _res, next) => {
    if (req.params.id !== memberId(req)) return next();
    const proof = parseBody(AccountProofRequestSchema, req);
    await assertMemberAtKeyboard(
      context,
      memberId(req),
      proof,
      loginClientOf(req, context.config, clientIp(req)),
    );
    next();
  };
  router.post(
    '/users/:id/disable',
    limitPerIp(limits, 'codeCheckPerIp'),
    requireMember,
    atKeyboard,
  );
  router.delete('/users/:id', limitPerIp(limits, 'codeCheckPerIp'), requireMember, atKeyboard);

  router.post('/users/me/password', requireMember, async (req, res) => {
    const input = parseBody(ChangePasswordRequestSchema, req);
    await changePassword(
      context,
      {
        userId: memberId(req),
        sid: req.sessionID,
        ...loginClientOf(req, context.config, clientIp(req)),
      },
      input,
    );
    res.json({
      success: true,
      message: ACCOUNT_MESSAGES.passwordChanged,
    } satisfies LogoutResponse);
  });

  router.post(
    '/users/me/email',
    limitPerIp(limits, 'codeSendPerIp'),
    requireMember,
    async (req, res) => {
      const input = parseBody(ChangeEmailRequestSchema, req);
      const sent = await requestEmailChange(
        context,
        {
          userId: memberId(req),
          sid: req.sessionID,
          ...loginClientOf(req, context.config, clientIp(req)),
        },
        input,
      );
      res.json({
        success: true,
        message: ACCOUNT_MESSAGES.emailCodeSent(sent.email),
        expiresInSeconds: sent.expiresInSeconds,
        resendAfterSeconds: CODE_RESEND_WAIT_SECONDS,
      } satisfies ChangeEmailResponse);
    },
  );

  router.post(
    '/users/me/email/verify',
    limitPerIp(limits, 'codeCheckPerIp'),
    requireMember,
    async (req, res) => {
      const input = parseBody(VerifyEmailChangeRequestSchema, req);
      const changed = await confirmEmailChange(context, { userId: memberId(req) }, input.code);
      res.json({
        success: true,
        message: ACCOUNT_MESSAGES.emailChanged,
        email: changed.email,
      } satisfies VerifyEmailChangeResponse);
    },
  );

  return router;
}
