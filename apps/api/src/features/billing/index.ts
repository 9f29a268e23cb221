/** Paying for a plan: the payments provider (test mode or Stripe Checkout), checkout, webhook, cancel. */
export { billingRoutes, billingWebhookRoutes } from './routes.js';
export { createPaymentsProvider, type PaymentsProvider } from './provider.js';
export { endCancelledPlans } from './service.js';
