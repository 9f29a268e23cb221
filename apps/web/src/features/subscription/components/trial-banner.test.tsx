import { formatTrialEndDate, type Subscription } from '@kindred/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemberLayout } from '../../../components/layout/member-layout';
import { MemberShellContext } from '../../../components/layout/member-nav-context';
import { useSubscription } from '../../profile';
import { mockApi, renderApp } from '../../../testing/render';
import { TrialBanner } from './trial-banner';
import { localDay, trialBannerState } from './trial-banner-state';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const DAY = 24 * 60 * 60 * 1000;

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function answerSubscription(subscription: Subscription) {
  return mockApi({
    [`GET /api/users/${USER_ID}/subscription`]: { body: { success: true, subscription } },
  });
}

/**
 * Marks the page once the member's subscription is in. It reads the banner's query, so the banner
 * has drawn that answer in the same render.
 */
function SubscriptionLoaded() {
  const subscription = useSubscription(USER_ID);
  return subscription.data ? <output data-testid="subscription-loaded" /> : null;
}

/** A member page as the app composes it: the banner comes to the layout from the member shell. */
function renderMemberPage(path = '/') {
  const page = (
    <MemberShellContext.Provider value={{ banner: <TrialBanner /> }}>
      <MemberLayout>
        <h1>Feed</h1>
        <SubscriptionLoaded />
      </MemberLayout>
    </MemberShellContext.Provider>
  );
  return renderApp(path, { routes: [{ path: '/', element: page }] });
}

const banner = () => screen.findByRole('region', { name: 'Your free trial' });

/** No banner once the subscription has been fetched and rendered (not merely not yet). */
async function expectNoBanner(calls: unknown[]) {
  await screen.findByTestId('subscription-loaded');
  expect(calls).toHaveLength(1);
  expect(screen.queryByText(/Your free trial/)).not.toBeInTheDocument();
}

beforeEach(() => {
  window.localStorage.setItem('userId', USER_ID);
});

describe('trial banner', () => {
  it('says when the trial ends during its last 7 days, with Upgrade opening the plans dialog', async () => {
    const trialEndDate = inDays(3);
    answerSubscription({ planName: 'free', status: 'trial', trialEndDate });
    renderMemberPage();
    const region = await banner();
    expect(region).toHaveTextContent(
      `Your free trial ends on ${formatTrialEndDate(trialEndDate)} (3 days left).`,
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Upgrade' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(dialog).getByRole('heading', { name: 'Professional' })).toBeInTheDocument();
  });

  it('can be dismissed for the day while the trial runs, and is back the next day', async () => {
    let calls = answerSubscription({ planName: 'free', status: 'trial', trialEndDate: inDays(6) });
    const first = renderMemberPage();
    await userEvent.click(
      within(await banner()).getByRole('button', { name: 'Dismiss for today' }),
    );
    expect(screen.queryByRole('region', { name: 'Your free trial' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('trialBannerDismissedOn')).toBe(localDay(new Date()));
    first.unmount();

    // Another page the same day: still dismissed.
    calls = answerSubscription({ planName: 'free', status: 'trial', trialEndDate: inDays(6) });
    const second = renderMemberPage();
    await expectNoBanner(calls);
    second.unmount();

    // The next day it shows again.
    window.localStorage.setItem('trialBannerDismissedOn', localDay(new Date(Date.now() - DAY)));
    renderMemberPage();
    expect(await banner()).toHaveTextContent('Your free trial ends on');
  });

  it('after the end says when it ended, cannot be dismissed, and offers Upgrade', async () => {
    const trialEndDate = inDays(-2);
    window.localStorage.setItem('trialBannerDismissedOn', localDay(new Date()));
    answerSubscription({ planName: 'free', status: 'expired', trialEndDate });
    renderMemberPage();
    const region = await banner();
    expect(region).toHaveTextContent(
      `Your free trial ended on ${formatTrialEndDate(trialEndDate)}.`,
    );
    expect(within(region).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Dismiss/ })).not.toBeInTheDocument();
  });

  it('shows nothing with more than 7 days left, or on a paid plan', async () => {
    let calls = answerSubscription({ planName: 'free', status: 'trial', trialEndDate: inDays(8) });
    const first = renderMemberPage();
    await expectNoBanner(calls);
    first.unmount();

    calls = answerSubscription({ planName: 'beginner', status: 'active', trialEndDate: null });
    renderMemberPage();
    await expectNoBanner(calls);
  });

  it('opens the plans dialog from the reminder email link (?upgrade=plans)', async () => {
    answerSubscription({ planName: 'free', status: 'trial', trialEndDate: inDays(1) });
    const view = renderMemberPage('/?upgrade=plans');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view.router.state.location.search).toBe('');
  });
});

describe('trialBannerState', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

  it('starts 7 days before the end, and reads "ended" from the end on', () => {
    const free = (trialEndDate: string | null, status: Subscription['status'] = 'trial') =>
      trialBannerState({ planName: 'free', status, trialEndDate }, now);
    expect(free(at(7.01))).toBeNull();
    expect(free(at(7))).toEqual({
      phase: 'ending',
      text: 'Your free trial ends on 3 December 2026 (7 days left).',
    });
    expect(free(at(0.5))?.text).toBe('Your free trial ends on 27 November 2026 (1 day left).');
    expect(free(at(0), 'expired')).toEqual({
      phase: 'ended',
      text: 'Your free trial ended on 26 November 2026.',
    });
    // The server says expired from the end date on; the page agrees even before it asks again.
    expect(free(at(-0.1))?.phase).toBe('ended');
    expect(free(null, 'expired')?.text).toBe('Your free trial has ended.');
    expect(trialBannerState({ planName: null, status: null, trialEndDate: null }, now)).toBeNull();
  });
});
