import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

async function fillAndSubmit() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('First Name'), 'Ann');
  await user.type(screen.getByLabelText('Last Name'), 'Lee');
  await user.type(screen.getByLabelText('Username'), 'ann@example.com');
  await user.type(screen.getByLabelText('Email'), 'Ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'kindred1');
  await user.click(screen.getByRole('checkbox', { name: /terms/i }));
  await user.click(screen.getByRole('checkbox', { name: /age/i }));
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return user;
}

describe('sign-up screen', () => {
  it('creates the account, stores the ids, sends the code and moves on when the toast closes', async () => {
    const calls = mockApi({
      'POST /api/users/signup': {
        status: 201,
        body: { success: true, message: 'ok', data: { _id: USER_ID, sessionId: 's-1' } },
      },
      'POST /api/send-otp': {
        body: { success: true, message: 'sent', expiresInSeconds: 300, resendAfterSeconds: 60 },
      },
    });
    const app = renderApp('/signup');
    const user = await fillAndSubmit();

    const toast = await screen.findByText('Sign up successful! Please check your email for OTP.');
    expect(calls.map((call) => call.key)).toEqual(['POST /api/users/signup', 'POST /api/send-otp']);
    expect(calls[1]?.body).toEqual({ email: 'ann@example.com', userId: USER_ID });
    expect(window.localStorage.getItem('userId')).toBe(USER_ID);
    expect(window.localStorage.getItem('sessionId')).toBe('s-1');
    expect(window.localStorage.getItem('signupEmail')).toBe('ann@example.com');
    expect(window.localStorage.getItem('firstName')).toBe('Ann');
    expect(app.pathname()).toBe('/signup');

    const alert = toast.closest('.Toastify__toast') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: /close/i }));
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(app.pathname()).toBe('/verify-otp');
  });

  it('shows the server message when sign-up is refused', async () => {
    mockApi({
      'POST /api/users/signup': {
        status: 409,
        body: {
          success: false,
          message: 'An account with this email already exists. Please log in instead.',
        },
      },
    });
    renderApp('/signup');
    await fillAndSubmit();
    expect(
      await screen.findByText('An account with this email already exists. Please log in instead.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('userId')).toBeNull();
  });

  it('says "Failed to send OTP. Please try again." when the code is refused', async () => {
    mockApi({
      'POST /api/users/signup': {
        status: 201,
        body: { success: true, message: 'ok', data: { _id: USER_ID, sessionId: 's-1' } },
      },
      'POST /api/send-otp': { status: 503, body: { success: false, message: 'Mail is down' } },
    });
    renderApp('/signup');
    await fillAndSubmit();
    expect(await screen.findByText('Failed to send OTP. Please try again.')).toBeInTheDocument();
  });
});
