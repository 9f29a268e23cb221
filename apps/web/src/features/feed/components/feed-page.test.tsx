import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render';
import { mockApi, respond } from '../../../testing/api';
import { VIEWER_ID, buildPost } from '../../posts/test-support';
import { SUPPORT_EMAIL } from '../constants';
import { ENTITLEMENTS } from '@kindred/contracts';

function stubFeeds(adsShown = true) {
  return mockApi({
    'GET /api/entitlements': () =>
      respond(200, {
        success: true,
        planState: adsShown ? 'free' : 'professional',
        planName: adsShown ? 'Trial-Free' : 'Professional',
        entitlements: { ...ENTITLEMENTS[adsShown ? 'free' : 'professional'] },
        mediaStorageUsedBytes: 0,
      }),
    'GET /api/posts': () =>
      respond(200, {
        success: true,
        posts: [buildPost({ title: 'Public hello' })],
        nextCursor: null,
      }),
    [`GET /api/posts/following/${VIEWER_ID}`]: () =>
      respond(200, { success: true, posts: [], nextCursor: null }),
  });
}

describe('the feed page', () => {
  it('opens on General with the menu, the advertising card and the footer', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    window.localStorage.setItem('firstName', 'Bea');
    stubFeeds();
    renderApp('/feed');

    // The first render loads the lazily imported screen.
    expect(
      await screen.findByRole('heading', { name: 'Home' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Public hello' })).toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      `/viewprofile/${VIEWER_ID}`,
    );
    for (const soon of ['Communities', 'Live Streams']) {
      expect(within(menu).getByText(soon).parentElement).toHaveTextContent(`${soon}Coming soon`);
    }
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(menu).getByRole('button', { name: 'Settings' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Advertise with us' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: new RegExp(SUPPORT_EMAIL) })[0]).toHaveAttribute(
      'href',
      expect.stringContaining(`mailto:${SUPPORT_EMAIL}`),
    );
    expect(screen.getByRole('list', { name: 'Social links' })).toHaveTextContent('Coming soon');
    expect(screen.getByText('Hi, Bea')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toHaveTextContent(
      /Home.*Discover.*Messages.*Profile.*Alerts.*More/,
    );
  });

  it('shows no advertising card to a member whose plan is ad-free (their entitlements say so)', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    const calls = stubFeeds(false);
    renderApp('/feed');
    expect(
      await screen.findByRole('heading', { name: 'Public hello' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((call) => call.key === 'GET /api/entitlements')).toBe(true),
    );
    expect(screen.queryByRole('complementary', { name: 'Advertising' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Advertise with us' })).not.toBeInTheDocument();
  });

  it('opens People You Follow from ?tab=following, and switches tabs with the URL', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    stubFeeds();
    const app = renderApp('/feed?tab=following');

    expect(await screen.findByRole('tab', { name: 'People You Follow' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText('Start following people to see their posts here!'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(await screen.findByRole('heading', { name: 'Public hello' })).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('');
    await user.keyboard('{ArrowRight}');
    expect(app.router.state.location.search).toBe('?tab=following');
    expect(screen.getByRole('tab', { name: 'People You Follow' })).toHaveFocus();
  });

  it('opens the mobile menu from More', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    stubFeeds();
    renderApp('/feed');
    const user = userEvent.setup();
    const quick = await screen.findByRole('navigation', { name: 'Quick navigation' });
    await user.click(within(quick).getByRole('button', { name: 'More' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'My Profile' })).toBeInTheDocument();
  });
});
