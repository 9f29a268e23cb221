/** What the billing screens say (the API's own messages come from contracts' BILLING_MESSAGES). */
export const BILLING_UI_MESSAGES = {
  testModeLabel: 'Test mode — no money is taken',
  testModeExplained:
    'This is Kindred’s test-mode checkout. “Pay” switches the plan on as if the payment went through; “Cancel” leaves your plan as it is. No card is asked for and no money moves.',
  returnedPaid: 'Thank you! Your new plan is active as soon as the payment is confirmed.',
  returnedCancelled: 'Checkout cancelled: your plan is unchanged.',
  checkoutFailed: 'Checkout could not be started. Please try again.',
  checkoutLoadFailed: 'This checkout could not be loaded.',
  finishFailed: 'The checkout could not be finished. Please try again.',
  billingLoadFailed: 'Your plan could not be loaded.',
  cancelFailed: 'Your plan could not be cancelled. Please try again.',
  cancelled: 'Your plan is cancelled. It stays active until the end of the paid period.',
} as const;

/** `path?checkout=success`, keeping a query the path already has. */
export function withCheckoutOutcome(path: string, outcome: 'success' | 'cancelled'): string {
  return `${path}${path.includes('?') ? '&' : '?'}checkout=${outcome}`;
}
