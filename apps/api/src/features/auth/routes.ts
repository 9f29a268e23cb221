import { createHash } from 'node:crypto';
import { Router } from 'express';
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
  VerifyOtpRequestSchema,
  type LoginResponse,
  type LogoutResponse,
  type PhoneSendCodeResponse,
  type PhoneVerifyResponse,
  type SendOtpResponse,
  type SignupResponse,
  type TwoFactorSetupResponse,
  type TwoFactorVerifyResponse,
  type VerificationRequiredResponse,
  type VerifyOtpResponse,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { assertActingAs, assertSigningInAs, requireMember, signingInAs } from '../../http/auth.js';
import { AppError, forbidden, parse, unauthorized } from '../../http/errors.js';
import { clientIp, limitPerIp } from '../../http/rate-limit.js';
import { hasVerifiedBadge } from '../users/summary.js';
import { createCredentialsCheck } from './passport.js';
import { presentLoginUser, presentSignedInUser, setupUrlFor, verifyUrlFor } from './presenter.js';
import {
  createAccount,
  loadSigningInUser,
  recordLogin,
  sendEmailCode,
  sendPhoneCode,
  verifyEmailCode,
  verifyPhoneCode,
} from './service.js';
import { attachChallenge, endSession, enterStage } from './session-steps.js';
import { beginTwoFactorSetup, verifyTwoFactorCode } from './two-factor.js';

/**
 * Account entry (SPEC §4, §7). A session moves through stages:
 *
 *   (none) ──signup / password──▶ pending ──email code──▶ pending ──2FA setup + code / 2FA code──▶ full
 *
 * A pending session acts only for its own member and only on these routes; member routes
 * (requireMember) answer 401 until the session is full. Phone verification needs a full session.
 */
export function authRoutes(context: AppContext): Router {
  const router = Router();
  const { rateLimiters: limits } = context;
  const checkCredentials = createCredentialsCheck(context);

  router.post('/users/signup', limitPerIp(limits, 'signupPerIp'), async (req, res) => {
    const input = parse(SignupRequestSchema, req.body ?? {});
    const user = await createAccount(context, input);
    const auth = await enterStage(req, { userId: user.id, stage: 'pending' });
    res.status(201).json({
      success: true,
      message: AUTH_MESSAGES.signupSuccess,
      data: { _id: user.id, sessionId: auth.handle },
    } satisfies SignupResponse);
  });

  router.post('/users/login', limitPerIp(limits, 'loginPerIp'), async (req, res) => {
    const input = parse(LoginRequestSchema, req.body ?? {});
    const accountKey = loginAccountKey(input.email);
    const ip = clientIp(req);
    await limits.assertNotExhausted('loginFailuresPerAccount', accountKey);
    await limits.assertNotExhausted('loginFailuresPerIp', ip);

    // Passport reads the normalised credentials.
    req.body = input;
    const user = await checkCredentials(req, res);
    if (!user) {
      await limits.consume('loginFailuresPerAccount', accountKey);
      await limits.consume('loginFailuresPerIp', ip);
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    await limits.reset('loginFailuresPerAccount', accountKey);

    const login = await recordLogin(context, user, input);
    await enterStage(req, {
      userId: user.id,
      stage: 'pending',
      challengeId: login.challengeId,
      rememberMe: input.rememberMe,
    });
    if (login.verificationOverdue) {
      // The pending session may still request and enter a new email code.
      const body: Omit<VerificationRequiredResponse, 'success' | 'message'> = {
        nextStep: 'verify-email',
        user: presentLoginUser(login.user),
      };
      throw new AppError(403, AUTH_MESSAGES.verificationDeadlinePassed, { ...body });
    }
    res.json({
      success: true,
      message: AUTH_MESSAGES.loginSuccess,
      user: presentLoginUser(login.user),
      nextStep: login.nextStep,
    } satisfies LoginResponse);
  });

  router.post('/users/logout', async (req, res) => {
    await endSession(req, res, context.config);
    res.json({ success: true, message: AUTH_MESSAGES.loggedOut } satisfies LogoutResponse);
  });

  router.post('/send-otp', limitPerIp(limits, 'codeSendPerIp'), async (req, res) => {
    signingInAs(req);
    const input = parse(SendOtpRequestSchema, req.body ?? {});
    const auth = assertSigningInAs(req, input.userId);
    const user = await loadSigningInUser(context, auth.userId);
    // Codes go only to the address of the account this session is signing in to: nobody can
    // make us email a stranger, and the answer never says whether another address has an account.
    if (input.email !== user.email) throw forbidden(AUTH_MESSAGES.otpWrongEmail);
    await limits.consume('codeSendPerAccount', user.id);
    await sendEmailCode(context, user);
    res.json({
      success: true,
      message: AUTH_MESSAGES.otpSent(user.email),
      expiresInSeconds: CODE_TTL_SECONDS,
      resendAfterSeconds: CODE_RESEND_WAIT_SECONDS,
    } satisfies SendOtpResponse);
  });

  router.post('/verify-otp', limitPerIp(limits, 'codeCheckPerIp'), async (req, res) => {
    const auth = signingInAs(req);
    const input = parse(VerifyOtpRequestSchema, req.body ?? {});
    const user = await loadSigningInUser(context, auth.userId);
    if (input.email !== user.email) throw forbidden(AUTH_MESSAGES.otpWrongEmail);
    await limits.consume('codeCheckPerAccount', user.id);
    const verified = await verifyEmailCode(context, user, input.otp);
    // A step up: new session id and handle.
    await enterStage(req, {
      userId: user.id,
      stage: auth.stage,
      challengeId: verified.challengeId,
      rememberMe: auth.rememberMe,
    });
    const next =
      verified.nextStep === '2fa-setup'
        ? { nextStep: '2fa-setup' as const, setupUrl: setupUrlFor(user.id) }
        : { nextStep: '2fa-verify' as const, verifyUrl: verifyUrlFor(user.id) };
    res.json({
      success: true,
      message: AUTH_MESSAGES.emailVerified,
      userId: user.id,
      ...next,
    } satisfies VerifyOtpResponse);
  });

  router.post('/2fa/setup', async (req, res) => {
    signingInAs(req);
    const input = parse(TwoFactorSetupRequestSchema, req.body ?? {});
    const auth = assertSigningInAs(req, input.userId);
    const user = await loadSigningInUser(context, auth.userId);
    const enrolment = await beginTwoFactorSetup(context, user);
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
    signingInAs(req);
    const input = parse(TwoFactorVerifyRequestSchema, req.body ?? {});
    const auth = assertSigningInAs(req, input.userId);
    await limits.consume('codeCheckPerAccount', auth.userId);
    const user = await verifyTwoFactorCode(context, {
      userId: auth.userId,
      challengeId: auth.challengeId,
      token: input.token,
    });
    const full = await enterStage(req, {
      userId: user.id,
      stage: 'full',
      rememberMe: auth.rememberMe,
    });
    res.json({
      success: true,
      message: AUTH_MESSAGES.twoFactorSuccess,
      user: presentSignedInUser(user, full.handle),
    } satisfies TwoFactorVerifyResponse);
  });

  router.post(
    '/phone/send-code',
    limitPerIp(limits, 'codeSendPerIp'),
    requireMember,
    async (req, res) => {
      const input = parse(PhoneSendCodeRequestSchema, req.body ?? {});
      const userId = assertActingAs(req, input.userId);
      await limits.consume('codeSendPerAccount', userId);
      const user = await loadSigningInUser(context, userId);
      const sent = await sendPhoneCode(context, user, input.phoneNumber);
      // The code leaves the server only in SMS development mode, which production config refuses.
      const revealCode = sent.devMode && !context.config.isProduction;
      res.json({
        success: true,
        message: AUTH_MESSAGES.phoneCodeSent,
        devMode: revealCode,
        ...(revealCode ? { devCode: sent.code } : {}),
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
      const input = parse(PhoneVerifyRequestSchema, req.body ?? {});
      const userId = assertActingAs(req, input.userId);
      await limits.consume('codeCheckPerAccount', userId);
      const user = await loadSigningInUser(context, userId);
      const verified = await verifyPhoneCode(context, user, input.phoneNumber, input.code);
      res.json({
        success: true,
        message: AUTH_MESSAGES.phoneVerified,
        verifiedBadge: hasVerifiedBadge(verified),
      } satisfies PhoneVerifyResponse);
    },
  );

  return router;
}

/** Failed-login counters are kept per email without storing the address itself. */
function loginAccountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}
