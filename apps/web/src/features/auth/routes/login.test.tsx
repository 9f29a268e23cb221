import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { loginProgressMessage } from './login';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

function loginReply(nextStep: string) {
  return {
    body: {
      success: true,
      message: 'Login successful!',
      user: {
        _id: USER_ID,
        email: 'ann@example.com',
        firstName: 'Ann',
        lastName: 'Lee',
        verifiedBadge: true,
      },
      nextStep,
    },
  };
}

/** Opens /, lets the 1 s splash pass and fills a valid form. */
async function openAndFill(options: { rememberMe?: boolean } = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const app = renderApp('/');
  expect(screen.getByRole('status', { name: 'Loading Kindred' })).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTimeAsync(1_000));
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  await user.type(screen.getByLabelText('Email'), ' Ann@Example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('checkbox', { name: /legal age/i }));
  if (options.rememberMe) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  return { app, user };
}

describe('login screen', () => {
  it('signs in, stores the member (with the first name for the greeting) and goes to the 2FA step 100 ms later', async () => {
    const calls = mockApi({ 'POST /api/users/login': loginReply('2fa-verify') });
    const { app, user } = await openAndFill({ rememberMe: true });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    // Not signed in yet: the authenticator code is still to come.
    expect(
      await screen.findByText('Password accepted — enter your authenticator code'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Login successful!')).toBeNull();
    expect(calls[0]).toEqual({
      key: 'POST /api/users/login',
      body: {
        email: 'ann@example.com',
        password: 'secret1',
        coordinates: null,
        rememberMe: true,
        newsletter: false,
      },
    });
    expect(window.localStorage.getItem('userId')).toBe(USER_ID);
    expect(window.localStorage.getItem('firstName')).toBe('Ann');
    expect(window.localStorage.getItem('verifiedBadge')).toBe('true');
    expect(window.localStorage.getItem('rememberMe')).toBe('true');
    expect(window.localStorage.getItem('lastLoginEmail')).toBe('ann@example.com');
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();

    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(app.pathname()).toBe(`/2fa-verify/${USER_ID}`);
  });

  it('goes to 2FA setup or email verification as the API says', async () => {
    mockApi({ 'POST /api/users/login': loginReply('verify-email') });
    const { app, user } = await openAndFill();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Password accepted — verify your email address to continue');
    expect(screen.queryByText('Login successful!')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(app.pathname()).toBe('/verify-otp');
    expect(window.localStorage.getItem('signupEmail')).toBe('ann@example.com');
  });

  it('after the 7-day email deadline, stores the pending member and goes to /verify-otp', async () => {
    mockApi({
      'POST /api/users/login': {
        status: 403,
        body: {
          success: false,
          message:
            'Your email address was not verified within 7 days. Please verify it to continue: we can send you a new code.',
          code: 'EMAIL_NOT_VERIFIED',
          nextStep: 'verify-email',
          user: {
            _id: USER_ID,
            email: 'ann@example.com',
            firstName: 'Ann',
            lastName: 'Lee',
            verifiedBadge: false,
          },
        },
      },
    });
    const { app, user } = await openAndFill();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/not verified within 7 days/)).toBeInTheDocument();
    expect(window.localStorage.getItem('userId')).toBe(USER_ID);
    expect(window.localStorage.getItem('firstName')).toBe('Ann');
    expect(window.localStorage.getItem('signupEmail')).toBe('ann@example.com');
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(app.pathname()).toBe('/verify-otp');
  });

  it.each([
    [
      'a wrong password (INVALID_CREDENTIALS)',
      { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Nope' } },
      'Invalid email or password. Please check your credentials and try again.',
    ],
    [
      'a server failure (UNAVAILABLE)',
      { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'Database down' } },
      'Server error. Please try again later.',
    ],
    [
      "a proxy's error page (no code: its status's default, DELIVERY_FAILED)",
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      'Server error. Please try again later.',
    ],
    [
      'a rate limit (RATE_LIMITED): the server’s words',
      {
        status: 429,
        body: {
          success: false,
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Please try again in 3 minutes.',
          retryAfterSeconds: 180,
        },
      },
      'Too many attempts. Please try again in 3 minutes.',
    ],
  ] as const)('says %s by its error code', async (_case, reply, message) => {
    mockApi({ 'POST /api/users/login': reply });
    const { user } = await openAndFill();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('forgets a remembered email when Remember me is unticked', async () => {
    window.localStorage.setItem('rememberMe', 'true');
    window.localStorage.setItem('lastLoginEmail', 'old@example.com');
    mockApi({ 'POST /api/users/login': loginReply('2fa-verify') });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByLabelText('Email')).toHaveValue('old@example.com');
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: /legal age/i }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Password accepted — enter your authenticator code');
    expect(window.localStorage.getItem('rememberMe')).toBeNull();
    expect(window.localStorage.getItem('lastLoginEmail')).toBeNull();
  });

  it.each([
    [
      401,
      'INVALID_CREDENTIALS',
      'Invalid email or password. Please check your credentials and try again.',
    ],
    [500, 'SERVER_ERROR', 'Server error. Please try again later.'],
    [429, 'RATE_LIMITED', 'Too many attempts. Please try again in 5 minutes.'],
  ])('explains a %i answer (%s)', async (status, code, text) => {
    mockApi({
      'POST /api/users/login': {
        status,
        body: { success: false, code, message: status === 429 ? text : 'x' },
      },
    });
    const { app, user } = await openAndFill();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(app.pathname()).toBe('/');
    expect(window.localStorage.getItem('userId')).toBeNull();
  });

  it('blames the connection when there is no answer', async () => {
    mockApi({ 'POST /api/users/login': () => Response.error() });
    const { user } = await openAndFill();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('Login failed. Please check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['2fa-verify', 'Password accepted — enter your authenticator code'],
    ['2fa-setup', 'Password accepted — set up two-factor authentication'],
    ['verify-email', 'Password accepted — verify your email address to continue'],
  ] as const)('after the password, a %s step is announced, not a sign-in', (nextStep, text) => {
    expect(loginProgressMessage(nextStep)).toBe(text);
  });
});
