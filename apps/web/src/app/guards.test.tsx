import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import { mockApi, renderApp } from '../testing/render';
import { installUnauthorizedRedirect } from './unauthorized';

describe('route guards', () => {
  it('sends a visitor without a stored userId from /feed to / and remembers the origin', async () => {
    const app = renderApp('/feed?tab=following');
    // The outcome, not the 1 s splash on the way: on a loaded machine the login screen's code can
    // arrive after the splash would have ended, and a test that waits for the splash then fails.
    await waitFor(() => expect(app.pathname()).toBe('/'), { timeout: 10_000 });
    await waitFor(
      () => expect(window.sessionStorage.getItem('kindred.returnTo')).toBe('/feed?tab=following'),
      { timeout: 10_000 },
    );
  });

  it.each(['/viewprofile/u1', '/profileedit/u1', '/view-all'])(
    'guards %s the same way',
    async (path) => {
      const app = renderApp(path);
      await waitFor(() => expect(app.pathname()).toBe('/'), { timeout: 10_000 });
    },
  );

  it.each(['/', '/signup'])('sends a stored member from %s to /feed', async (path) => {
    window.localStorage.setItem('userId', 'u1');
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/feed');
  });

  it('shows member pages with the header and Logout when a userId is stored', async () => {
    window.localStorage.setItem('userId', 'u1');
    window.localStorage.setItem('firstName', 'Amélie');
    renderApp('/viewprofile/u2');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText('Hi, Amélie')).toBeInTheDocument();
  });

  it('leaves the verification pages open to visitors', () => {
    const app = renderApp('/verify-otp');
    expect(app.pathname()).toBe('/verify-otp');
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
  });

  it('answers any other path with a not-found page linking back to the feed', () => {
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Feed' })).toHaveAttribute('href', '/feed');
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Kindred. All rights reserved.`),
    ).toBeInTheDocument();
  });
});

describe('a 401 on a member page', () => {
  it('clears the stored session and returns to /, remembering the page', async () => {
    window.localStorage.setItem('userId', 'u1');
    window.localStorage.setItem('rememberMe', 'true');
    window.localStorage.setItem('lastLoginEmail', 'a@b.co');
    const app = renderApp('/feed');
    await screen.findByRole('heading', { name: 'Home' });
    // The memory router does not move window.location; the handler reads it, so mirror the page.
    window.history.replaceState(null, '', '/feed');
    const uninstall = installUnauthorizedRedirect((to, options) =>
      app.router.navigate(to, options),
    );
    mockApi({
      'GET /api/posts': { status: 401, body: { success: false, message: 'Please log in first' } },
    });

    await act(async () => {
      await api.get('/posts').catch(() => undefined);
    });

    expect(app.pathname()).toBe('/');
    expect(window.localStorage.getItem('userId')).toBeNull();
    // Remember-me survives the clearing (see lib/storage.ts).
    expect(window.localStorage.getItem('lastLoginEmail')).toBe('a@b.co');
    expect(window.sessionStorage.getItem('kindred.returnTo')).toBe('/feed');
    uninstall();
    window.history.replaceState(null, '', '/');
  });

  it('is left to the screen on account-entry pages (a wrong password is a 401 too)', async () => {
    window.localStorage.setItem('userId', 'u1');
    window.history.replaceState(null, '', '/2fa-verify/u1');
    const uninstall = installUnauthorizedRedirect(() => {
      throw new Error('should not navigate');
    });
    mockApi({
      'POST /api/2fa/verify': {
        status: 401,
        body: { success: false, message: 'Invalid verification code' },
      },
    });
    await api.post('/2fa/verify', {}).catch(() => undefined);
    expect(window.localStorage.getItem('userId')).toBe('u1');
    uninstall();
    window.history.replaceState(null, '', '/');
  });
});
