import {
  BILLING_MESSAGES,
  CheckoutRequestSchema,
  type BillingResponse,
  type CancelPlanResponse,
  type CancelTestCheckoutResponse,
  type CheckoutResponse,
  type CompleteTestCheckoutResponse,
  type TestCheckoutSessionResponse,
  type WebhookResponse,
} from '@kindred/contracts';
import express, { Router, type Request } from 'express';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  billingStateOf,
  cancelPlan,
  cancelTestCheckout,
  completeTestCheckout,
  startCheckout,
  testCheckoutOf,
} from './service.js';
import { applyStripeEvent } from './webhook.js';

/** Checkout ids are base64url tokens; anything else is not one of ours. */
const CHECKOUT_ID = /^[\w-]{16,64}$/;

function checkoutIdOf(req: Request): string {
  const id = req.params.sessionId;
  if (typeof id !== 'string' || !CHECKOUT_ID.test(id)) {
    throw notFound(BILLING_MESSAGES.checkoutNotFound);
  }
  return id;
}

export function billingRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/subscription/checkout', requireMember, async (req, res) => {
    const input = parseBody(CheckoutRequestSchema, req);
    const url = await startCheckout(context, memberId(req), input);
    res.json({ success: true, url } satisfies CheckoutResponse);
  });

  router.get('/subscription/checkout/test/:sessionId', requireMember, async (req, res) => {
    const session = await testCheckoutOf(context, memberId(req), checkoutIdOf(req));
    res.json({ success: true, session } satisfies TestCheckoutSessionResponse);
  });

  router.post(
    '/subscription/checkout/test/:sessionId/complete',
    requireMember,
    async (req, res) => {
      const done = await completeTestCheckout(context, memberId(req), checkoutIdOf(req));
      res.json({
        success: true,
        message: BILLING_MESSAGES.checkoutCompleted,
        ...done,
      } satisfies CompleteTestCheckoutResponse);
    },
  );

  router.post('/subscription/checkout/test/:sessionId/cancel', requireMember, async (req, res) => {
    const returnPath = await cancelTestCheckout(context, memberId(req), checkoutIdOf(req));
    res.json({
      success: true,
      message: BILLING_MESSAGES.checkoutCancelled,
      returnPath,
    } satisfies CancelTestCheckoutResponse);
  });

  router.get('/subscription/billing', requireMember, async (req, res) => {
    const billing = await billingStateOf(context, memberId(req));
    res.json({ success: true, billing } satisfies BillingResponse);
  });

  router.post('/subscription/cancel', requireMember, async (req, res) => {
    const billing = await cancelPlan(context, memberId(req));
    res.json({
      success: true,
      message: BILLING_MESSAGES.planCancelled,
      billing,
    } satisfies CancelPlanResponse);
  });

  return router;
}

/**
 * POST /subscription/webhook: Stripe's signed events. Mounted before the JSON parser, CSRF check
 * and session (app.ts): the signature is computed over the exact bytes Stripe sent, and the caller
 * is Stripe's server, not a browser. Without Stripe configured there is no webhook (404).
 */
export function billingWebhookRoutes(context: AppContext): Router {
  const router = Router();
  router.post(
    '/subscription/webhook',
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res) => {
      if (context.payments.name !== 'stripe') throw notFound();
      const body: unknown = req.body;
      let event: Stripe.Event;
      try {
        event = context.payments.verifyWebhook(
          Buffer.isBuffer(body) ? body : Buffer.alloc(0),
          req.get('stripe-signature'),
        );
      } catch {
        throw badRequest(BILLING_MESSAGES.webhookSignature, 'WEBHOOK_SIGNATURE_INVALID');
      }
      const { duplicate } = await applyStripeEvent(context, event);
      res.json({ received: true, duplicate } satisfies WebhookResponse);
    },
  );
  return router;
}
