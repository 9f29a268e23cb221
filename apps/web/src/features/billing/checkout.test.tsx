import type { BillingState, TestCheckoutSession } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { respond } from '../../testing/api';
import { mockApi, renderApp } from '../../testing/render';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const CHECKOUT_ID = 'Q2hlY2tvdXQtaWQtZm9yLXRlc3RzLTAxMjM0';
const CHECKOUT_API = `/api/subscription/checkout/test/${CHECKOUT_ID}`;

const SESSION: TestCheckoutSession = {
  id: CHECKOUT_ID,
  planId: 'professional',
  planName: 'Professional',
  priceLabel: '$15/month',
  status: 'open',
  returnPath: '/settings/plan',
};

const PAID: BillingState = {
  planName: 'professional',
  status: 'active',
  provider: 'test',
  currentPeriodEnd: '2026-12-26T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  paymentFailed: false,
};

beforeEach(() => {
  window.localStorage.setItem('userId', USER_ID);
});

describe('test-mode checkout page', () => {
  it('is labelled test mode, shows the plan and price, and Pay confirms it and goes back with the plan refreshed', async () => {
    let billing: BillingState = { ...PAID, planName: 'free', status: 'trial', provider: null };
    const calls = mockApi({
      [`GET ${CHECKOUT_API}`]: { body: { success: true, session: SESSION } },
      [`POST ${CHECKOUT_API}/complete`]: () => {
        billing = PAID;
        return {
          body: {
            success: true,
            message: 'Payment confirmed: your plan is active',
            subscription: { planName: 'professional', status: 'active', trialEndDate: null },
            returnPath: '/settings/plan',
          },
        };
      },
      'GET /api/subscription/billing': () => ({ body: { success: true, billing } }),
    });
    const { pathname } = renderApp(`/checkout/test/${CHECKOUT_ID}`);

    expect(
      await screen.findByRole('heading', { name: 'Checkout' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent('Test mode — no money is taken');
    expect(await screen.findByText('Professional')).toBeVisible();
    expect(screen.getByText('$15/month')).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $15/month (test)' }));
    expect(
      await screen.findByText(
        'Thank you! Your new plan is active as soon as the payment is confirmed.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/settings/plan'));
    expect(
      await screen.findByText('Renews on 26 December 2026.', {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(calls.filter((call) => call.key === `POST ${CHECKOUT_API}/complete`)).toHaveLength(1);
  });

  it('Cancel closes the checkout and goes back saying the plan is unchanged', async () => {
    const calls = mockApi({
      [`GET ${CHECKOUT_API}`]: { body: { success: true, session: SESSION } },
      [`POST ${CHECKOUT_API}/cancel`]: {
        body: {
          success: true,
          message: 'Checkout cancelled: your plan is unchanged',
          returnPath: '/settings/plan',
        },
      },
      'GET /api/subscription/billing': {
        body: {
          success: true,
          billing: { ...PAID, planName: 'free', status: 'trial', provider: null },
        },
      },
    });
    const { pathname } = renderApp(`/checkout/test/${CHECKOUT_ID}`);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 5_000 }));
    expect(
      await screen.findByText('Checkout cancelled: your plan is unchanged.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/settings/plan'));
    expect(calls.some((call) => call.key === `POST ${CHECKOUT_API}/complete`)).toBe(false);
  });

  it('says when the checkout is not found (another member’s, or made up) and offers no buttons', async () => {
    mockApi({
      [`GET ${CHECKOUT_API}`]: respond(404, {
        success: false,
        message: 'This checkout was not found',
        code: 'NOT_FOUND',
      }),
    });
    renderApp(`/checkout/test/${CHECKOUT_ID}`);
    expect(
      await screen.findByText('This checkout was not found', {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says an already finished checkout is finished and keeps Pay disabled', async () => {
    mockApi({
      [`GET ${CHECKOUT_API}`]: {
        body: { success: true, session: { ...SESSION, status: 'completed' } },
      },
    });
    renderApp(`/checkout/test/${CHECKOUT_ID}`);
    expect(
      await screen.findByText('This checkout is already finished', {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay $15/month (test)' })).toBeDisabled();
  });
});

describe('Settings → Plan', () => {
  it('shows the renewal date and cancels at the period end after confirming', async () => {
    const calls = mockApi({
      'GET /api/subscription/billing': { body: { success: true, billing: PAID } },
      'POST /api/subscription/cancel': {
        body: {
          success: true,
          message: 'Your plan is cancelled: it stays active until the end of the paid period',
          billing: { ...PAID, status: 'cancelled', cancelAtPeriodEnd: true },
        },
      },
    });
    renderApp('/settings/plan');
    expect(
      await screen.findByText('Renews on 26 December 2026.', {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByText('Professional')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(dialog).toHaveTextContent(
      'You keep Professional until 26 December 2026. After that you move to Trial-Free',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(
      await screen.findByText(
        'Cancelled: your plan ends on 26 December 2026, then you move to Trial-Free.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'POST /api/subscription/cancel')).toHaveLength(1);
  });

  it('offers no cancel without a paid plan', async () => {
    mockApi({
      'GET /api/subscription/billing': {
        body: {
          success: true,
          billing: {
            ...PAID,
            planName: 'free',
            status: 'trial',
            provider: null,
            currentPeriodEnd: null,
          },
        },
      },
    });
    renderApp('/settings/plan');
    expect(await screen.findByText('Trial-Free', {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
  });
});
