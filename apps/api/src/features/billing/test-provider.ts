import type { PaymentsProvider } from './provider.js';

/**
 * The test-mode provider (development and tests; refused in production by config.ts): checkout is
 * a page of this site (/checkout/test/:id, "Test mode — no money is taken") whose Success button
 * asks the API to complete that checkout (billing/service.ts completeTestCheckout). No money
 * moves and no webhook exists; the member's session and the single-use checkout id are the proof.
 */
export function createTestPaymentsProvider(): PaymentsProvider {
  return {
    name: 'test',
    startCheckout({ checkoutId }) {
      // Relative, so it works on the Vite dev server as on the built app.
      return Promise.resolve({
        url: `/checkout/test/${encodeURIComponent(checkoutId)}`,
        providerSessionId: null,
      });
    },
    cancelAtPeriodEnd() {
      // The period end we stored is the only one there is.
      return Promise.resolve({ currentPeriodEnd: null });
    },
    verifyWebhook() {
      throw new Error('The test-mode payments provider has no webhook');
    },
  };
}
