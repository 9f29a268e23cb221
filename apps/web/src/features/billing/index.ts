/**
 * Paying for a plan. What other features use:
 * - `useStartCheckout()` — POST /subscription/checkout, then off to the provider's page.
 * - `CheckoutReturnNotice` — back from checkout: says how it went and refreshes (member shell).
 * The test-mode checkout page (/checkout/test/:sessionId) and Settings → Plan are routes of their
 * own (app/router.tsx).
 */
export { useStartCheckout } from './api/start-checkout';
export { CheckoutReturnNotice } from './components/checkout-return-notice';
