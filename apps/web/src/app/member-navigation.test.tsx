import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiServer } from '../testing/api';
import { renderApp } from '../testing/render';

const MEMBER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const OTHER_ID = '0b7a3c1d-2e4f-4a6b-8c9d-0e1f2a3b4c5d';

/** Every call is refused: these tests are about the page around the content, not the content. */
function refuseEverything() {
  apiServer.use(
    http.all('*', () =>
      HttpResponse.json({ success: false, message: 'User not found' }, { status: 404 }),
    ),
  );
}

/** The lazily loaded member screens take a moment to arrive on a loaded machine. */
const SLOW = { timeout: 10_000 };

beforeEach(() => {
  window.localStorage.setItem('userId', MEMBER_ID);
  refuseEverything();
});

describe('navigation on every member page', () => {
  it.each([
    ['a profile', `/viewprofile/${OTHER_ID}`],
    ['the search results', '/view-all'],
    ['the profile wizard', `/profileedit/${MEMBER_ID}`],
  ])('%s has the left menu and the bottom navigation', async (_name, path) => {
    renderApp(path);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/feed');
    expect(within(menu).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      `/viewprofile/${MEMBER_ID}`,
    );
    expect(within(menu).getByRole('button', { name: 'Settings' })).toBeEnabled();
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toHaveTextContent(
      /Home.*Discover.*Messages.*Profile.*Alerts.*More/,
    );
  });

  it('opens the settings from the menu of a profile page', async () => {
    renderApp(`/viewprofile/${OTHER_ID}`);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    await userEvent.setup().click(within(menu).getByRole('button', { name: 'Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings' }, SLOW);
    expect(
      within(settings).getByRole('button', { name: 'Delete account permanently' }),
    ).toBeInTheDocument();
  });

  it('opens the mobile menu from More on the search results, and Settings from there', async () => {
    renderApp('/view-all');
    const user = userEvent.setup();
    const quick = await screen.findByRole('navigation', { name: 'Quick navigation' }, SLOW);
    await user.click(within(quick).getByRole('button', { name: 'More' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'My Profile' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('marks the own profile as the current page in both menus', async () => {
    renderApp(`/viewprofile/${MEMBER_ID}`);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(within(menu).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const quick = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(within(quick).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
