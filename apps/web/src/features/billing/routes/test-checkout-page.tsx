import { BILLING_MESSAGES } from '@kindred/contracts';
import { useNavigate, useParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useFinishTestCheckout, useTestCheckout } from '../api/test-checkout';
import { BILLING_UI_MESSAGES as M, withCheckoutOutcome } from '../messages';
import styles from './test-checkout-page.module.css';

/**
 * /checkout/test/:sessionId — the test-mode payments provider's checkout page (development and
 * tests; the API refuses test mode in production). Pay asks the API to confirm this checkout, as
 * Stripe's webhook would; Cancel closes it. Either way the member goes back where they started.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useTestCheckout(sessionId);
  const finish = useFinishTestCheckout(sessionId);
  const session = checkout.data;

  const settle = async (outcome: 'complete' | 'cancel') => {
    const response = await finish.mutateAsync(outcome).catch(() => null);
    if (!response) return;
    await navigate(
      withCheckoutOutcome(response.returnPath, outcome === 'complete' ? 'success' : 'cancelled'),
      { replace: true },
    );
  };

  const loadError =
    checkout.error instanceof ApiError && checkout.error.status === 404
      ? BILLING_MESSAGES.checkoutNotFound
      : checkout.error
        ? M.checkoutLoadFailed
        : null;
  const closed = session && session.status !== 'open';

  return (
    <MemberLayout width="narrow">
      <Card as="section" padding="lg" aria-labelledby="test-checkout-title" className={styles.page}>
        <p className={styles.badge} role="note">
          {M.testModeLabel}
        </p>
        <h1 id="test-checkout-title" className={styles.title}>
          Checkout
        </h1>
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        {checkout.isPending ? <p aria-live="polite">Loading the checkout…</p> : null}
        {session ? (
          <>
            <p className={styles.plan}>
              <span className={styles.planName}>{session.planName}</span>{' '}
              <span className={styles.price}>{session.priceLabel}</span>
            </p>
            <Alert tone="warning" title={M.testModeLabel}>
              {M.testModeExplained}
            </Alert>
            {closed ? <Alert tone="info">{BILLING_MESSAGES.checkoutClosed}</Alert> : null}
            {finish.error ? (
              <Alert tone="error">{messageOf(finish.error, M.finishFailed)}</Alert>
            ) : null}
            <div className={styles.actions}>
              <Button
                variant="secondary"
                disabled={Boolean(closed) || finish.isPending}
                loading={finish.isPending && finish.variables === 'cancel'}
                onClick={() => void settle('cancel')}
              >
                Cancel
              </Button>
              <Button
                disabled={Boolean(closed) || finish.isPending}
                loading={finish.isPending && finish.variables === 'complete'}
                onClick={() => void settle('complete')}
              >
                {`Pay ${session.priceLabel} (test)`}
              </Button>
            </div>
          </>
        ) : null}
      </Card>
    </MemberLayout>
  );
}
