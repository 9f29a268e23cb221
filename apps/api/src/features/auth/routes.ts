import { Router, type Request } from 'express';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  CODE_RESEND_WAIT_SECONDS,
  CODE_TTL_SECONDS,
  LoginRequestSchema,
  PhoneSendCodeRequestSchema,
  PhoneVerifyRequestSchema,
  SendOtpRequestSchema,
  SignupRequestSchema,
  TwoFactorSetupRequestSchema,
  TwoFactorVerifyRequestSchema,
  RECOVERY_CODE_MESSAGES,
  RegenerateRecoveryCodesRequestSchema,
  type RecoveryCodesResponse,
  type RecoveryCodesStatusResponse,
  VerifyOtpRequestSchema,
  type LoginResponse,
  type LogoutResponse,
  type PhoneSendCodeResponse,
  type PhoneVerifyResponse,
  type SendOtpResponse,
  type SignupResponse,
  type TwoFactorSetupResponse,
  type TwoFactorVerifyResponse,
  type VerifyOtpResponse,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import {
  assertActingAs,
  assertSigningInAs,
  memberId,
  requireMember,
  signingInAs,
} from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { clientIp, limitPerIp } from '../../http/rate-limit.js';
import { endSession, type SessionAuth } from '../../http/session.js';
import { notifyNewSignIn } from '../notifications/index.js';
import { hasVerifiedBadge } from '../users/index.js';
import { loginClientOf, rememberDevice } from './device-cookie.js';
import { createPasswordStep } from './passport.js';
import { passwordResetRoutes } from './password-reset-routes.js';
import { assertMayChangePhone } from './reauthentication.js';
import {
  presentLoginUser,
  presentSignedInUser,
  presentVerificationRequired,
  setupUrlFor,
  verifyUrlFor,
} from './presenter.js';
import { unlessRefused } from './refusals.js';
import {
  sendEmailCode,
  sendPhoneCode,
  signUp,
  verifyEmailCode,
  verifyPhoneCode,
} from './service.js';
import { attachChallenge, enterStage } from './session-steps.js';
import {
  regenerateRecoveryCodes,
  remainingRecoveryCodes,
  setUpTwoFactor,
  verifyTwoFactor,
} from './two-factor.js';

/**
 * Account entry (SPEC §4, §7). A session moves through stages:
 *
 *   (none) ──signup / password──▶ pending ──email code──▶ pending ──2FA setup + code / 2FA code──▶ full
 *
 * A pending session acts only for its own member and only on these routes; member routes
 * (requireMember) answer 401 until the session is full. Phone verification needs a full session.
 *
 * Each route parses the body with its contract, calls one step (service.ts, two-factor.ts; the
 * password step through Passport), moves the session to the stage the outcome names, and presents
 * the outcome: a refusal becomes its error reply (refusals.ts).
 */
export function authRoutes(context: AppContext): Router {
  const router = Router();
  const { rateLimiters: limits } = context;
  const passwordStep = createPasswordStep(context);
  router.use(passwordResetRoutes(context));

  router.post('/users/signup', limitPerIp(limits, 'signupPerIp'), async (req, res) => {
    const input = parseBody(SignupRequestSchema, req);
    const { user } = unlessRefused(await signUp(context, input));
    const auth = await enterStage(req, { userId: user.id, stage: 'pending' });
    res.status(201).json({
      success: true,
      message: AUTH_MESSAGES.signupSuccess,
      data: { _id: user.id, sessionId: auth.handle },
    } satisfies SignupResponse);
  });

  router.post('/users/login', limitPerIp(limits, 'loginPerIp'), async (req, res) => {
    const input = parseBody(LoginRequestSchema, req);
    // Passport reads the normalised credentials.
    req.body = input;
    const outcome = unlessRefused(await passwordStep(req, res));
    await enterStage(req, {
      userId: outcome.user.id,
      stage: 'pending',
      challengeId: outcome.kind === 'password-accepted' ? outcome.challengeId : undefined,
      rememberMe: input.rememberMe,
    });
    if (outcome.kind === 'verification-required') {
      res.status(403).json(presentVerificationRequired(outcome.user));
      return;
    }
    res.json({
      success: true,
      message: AUTH_MESSAGES.loginSuccess,
      user: presentLoginUser(outcome.user),
      nextStep: outcome.nextStep,
    } satisfies LoginResponse);
  });

  router.post('/users/logout', async (req, res) => {
    await endSession(req, res);
    res.json({ success: true, message: AUTH_MESSAGES.loggedOut } satisfies LogoutResponse);
  });

  router.post('/send-otp', limitPerIp(limits, 'codeSendPerIp'), async (req, res) => {
    const { session, input } = signingInWith(req, SendOtpRequestSchema);
    const sent = unlessRefused(await sendEmailCode(context, session, input.email));
    res.json({
      success: true,
      message: AUTH_MESSAGES.otpSent(sent.email),
      expiresInSeconds: CODE_TTL_SECONDS,
      resendAfterSeconds: CODE_RESEND_WAIT_SECONDS,
    } satisfies SendOtpResponse);
  });

  router.post('/verify-otp', limitPerIp(limits, 'codeCheckPerIp'), async (req, res) => {
    const { session, input } = signingInWith(req, VerifyOtpRequestSchema);
    const verified = unlessRefused(await verifyEmailCode(context, session, input));
    // A step up: new session id and handle.
    await enterStage(req, {
      userId: session.userId,
      stage: session.stage,
      challengeId: verified.challengeId,
      rememberMe: session.rememberMe,
    });
    const userId = verified.user.id;
    const next =
      verified.nextStep === '2fa-setup'
        ? { nextStep: '2fa-setup' as const, setupUrl: setupUrlFor(userId) }
        : { nextStep: '2fa-verify' as const, verifyUrl: verifyUrlFor(userId) };
    res.json({
      success: true,
      message: AUTH_MESSAGES.emailVerified,
      userId,
      ...next,
    } satisfies VerifyOtpResponse);
  });

  router.post('/2fa/setup', limitPerIp(limits, 'twoFactorSetupPerIp'), async (req, res) => {
    const { session } = signingInWith(req, TwoFactorSetupRequestSchema);
    // Each call renders a QR image and opens a challenge: bounded per account as well as per IP.
    await limits.consume('twoFactorSetupPerAccount', session.userId);
    const enrolment = unlessRefused(await setUpTwoFactor(context, session));
    await attachChallenge(req, enrolment.challengeId);
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      success: true,
      qrCode: enrolment.qrCode,
      otpauthUrl: enrolment.otpauthUrl,
      secret: enrolment.secret,
    } satisfies TwoFactorSetupResponse);
  });

  router.post('/2fa/verify', limitPerIp(limits, 'codeCheckPerIp'), async (req, res) => {
    const { session, input } = signingInWith(req, TwoFactorVerifyRequestSchema);
    const answer = 'recoveryCode' in input ? { recoveryCode: input.recoveryCode } : input;
    const client = loginClientOf(req, context.config, clientIp(req));
    const passed = unlessRefused(await verifyTwoFactor(context, session, answer, client));
    const { user, recoveryCodes, recoveryCodesRemaining } = passed;
    const full = await enterStage(req, {
      userId: user.id,
      stage: 'full',
      rememberMe: session.rememberMe,
    });
    const { knownBefore } = rememberDevice(context, req, res, user.id);
    // A browser without the account's device cookie: tell the member (not at enrolment, which is
    // the account's first sign-in anywhere).
    if (!knownBefore && !recoveryCodes) await notifyNewSignIn(context, user.id);
    // The recovery codes are in this reply only: it must not be kept by any cache.
    if (recoveryCodes) res.setHeader('Cache-Control', 'no-store');
    res.json({
      success: true,
      message:
        recoveryCodesRemaining === undefined
          ? AUTH_MESSAGES.twoFactorSuccess
          : RECOVERY_CODE_MESSAGES.accepted(recoveryCodesRemaining),
      user: presentSignedInUser(user, full.handle),
      ...(recoveryCodes ? { recoveryCodes } : {}),
      ...(recoveryCodesRemaining === undefined ? {} : { recoveryCodesRemaining }),
    } satisfies TwoFactorVerifyResponse);
  });

  router.get('/2fa/recovery-codes', requireMember, async (req, res) => {
    const remaining = await remainingRecoveryCodes(context, memberId(req));
    res.json({ success: true, remaining } satisfies RecoveryCodesStatusResponse);
  });

  router.post(
    '/2fa/recovery-codes',
    limitPerIp(limits, 'codeCheckPerIp'),
    requireMember,
    async (req, res) => {
      const input = parseBody(RegenerateRecoveryCodesRequestSchema, req);
      const { recoveryCodes } = unlessRefused(
        await regenerateRecoveryCodes(
          context,
          memberId(req),
          input.token,
          loginClientOf(req, context.config, clientIp(req)),
        ),
      );
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        success: true,
        message: RECOVERY_CODE_MESSAGES.regenerated,
        recoveryCodes,
      } satisfies RecoveryCodesResponse);
    },
  );

  router.post(
    '/phone/send-code',
    limitPerIp(limits, 'codeSendPerIp'),
    requireMember,
    async (req, res) => {
      const input = parseBody(PhoneSendCodeRequestSchema, req);
      const userId = assertActingAs(req, input.userId);
      await assertMayChangePhone(
        context,
        userId,
        input,
        loginClientOf(req, context.config, clientIp(req)),
      );
      const sent = unlessRefused(await sendPhoneCode(context, userId, input.phoneNumber));
      res.json({
        success: true,
        message: AUTH_MESSAGES.phoneCodeSent,
        devMode: sent.devCode !== undefined,
        ...(sent.devCode !== undefined ? { devCode: sent.devCode } : {}),
        expiresInSeconds: CODE_TTL_SECONDS,
        resendAfterSeconds: CODE_RESEND_WAIT_SECONDS,
      } satisfies PhoneSendCodeResponse);
    },
  );

  router.post(
    '/phone/verify',
    limitPerIp(limits, 'codeCheckPerIp'),
    requireMember,
    async (req, res) => {
      const input = parseBody(PhoneVerifyRequestSchema, req);
      const userId = assertActingAs(req, input.userId);
      const { user } = unlessRefused(await verifyPhoneCode(context, userId, input));
      res.json({
        success: true,
        message: AUTH_MESSAGES.phoneVerified,
        verifiedBadge: hasVerifiedBadge(user),
      } satisfies PhoneVerifyResponse);
    },
  );

  return router;
}

/**
 * The one "signing in as" check of the pending-session steps: a session at any stage (401 first),
 * a body its contract accepts (400), and a `userId`, where the body carries one, that is the
 * session's own (403).
 */
function signingInWith<S extends z.ZodType<object>>(
  req: Request,
  schema: S,
): { session: SessionAuth; input: z.output<S> } {
  signingInAs(req);
  const input = parseBody(schema, req);
  const session = assertSigningInAs(req, (input as { userId?: unknown }).userId);
  return { session, input };
}
