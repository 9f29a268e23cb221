import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Puts the signed-in member of `context` on a paid plan the way the app allows it: a test-mode
 * checkout (the journeys' server runs the test-mode payments provider) confirmed over HTTP. The
 * checkout journey itself goes through the page (tests/checkout.e2e.ts).
 */
export async function payForPlan(
  context: BrowserContext,
  planId: 'beginner' | 'professional',
): Promise<void> {
  const started = await context.request.post('/api/subscription/checkout', { data: { planId } });
  expect(started.ok()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const checkoutId = url.split('/').pop()!;
  const confirmed = await context.request.post(
    `/api/subscription/checkout/test/${checkoutId}/complete`,
  );
  expect(confirmed.ok()).toBe(true);
}
