/** Query keys of the billing screens. */
export const billingKeys = {
  billing: ['billing'] as const,
  testCheckout: (checkoutId: string) => ['billing', 'test-checkout', checkoutId] as const,
};
