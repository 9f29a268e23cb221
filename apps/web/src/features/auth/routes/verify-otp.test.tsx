import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { expectToastDismissed } from '../../../testing/toasts';
import { markOtpSent } from '../otp-resend';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const sent = {
  body: { success: true, message: 'sent', expiresInSeconds: 300, resendAfterSeconds: 60 },
};

describe('email code screen', () => {
  it('sends the code on arrival when a sign-up email is stored, then counts down', async () => {
    window.localStorage.setItem('signupEmail', 'ann@example.com');
    const calls = mockApi({ 'POST /api/send-otp': sent });
    renderApp('/verify-otp');
    expect(await screen.findByText('OTP sent to ann@example.com')).toBeInTheDocument();
    expect(calls).toEqual([{ key: 'POST /api/send-otp', body: { email: 'ann@example.com' } }]);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByText(/available in 1:00|available in 0:59/)).toBeInTheDocument();
  });

  it('does not send a second code right after sign-up sent one', async () => {
    window.localStorage.setItem('signupEmail', 'ann@example.com');
    markOtpSent('ann@example.com', Date.now() - 10_000);
    const calls = mockApi({ 'POST /api/send-otp': sent });
    renderApp('/verify-otp');
    expect(await screen.findByText(/available in 0:5\d/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('verifies the code and goes to the setup URL', async () => {
    window.localStorage.setItem('signupEmail', 'ann@example.com');
    markOtpSent('ann@example.com');
    const calls = mockApi({
      'POST /api/verify-otp': {
        body: {
          success: true,
          message: 'Email verified successfully! Please set up 2FA.',
          userId: USER_ID,
          nextStep: '2fa-setup',
          setupUrl: `/2fa-setup/${USER_ID}`,
        },
      },
      'POST /api/2fa/setup': {
        body: {
          success: true,
          qrCode: 'data:image/png;base64,AA==',
          otpauthUrl: 'otpauth://x',
          secret: 'ABCD',
        },
      },
    });
    const app = renderApp('/verify-otp');
    const user = userEvent.setup({ delay: null });
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(
      await screen.findByText('Email verified successfully! Please set up 2FA.'),
    ).toBeInTheDocument();
    expect(calls[0]).toEqual({
      key: 'POST /api/verify-otp',
      body: { email: 'ann@example.com', otp: '123456' },
    });
    expect(app.pathname()).toBe(`/2fa-setup/${USER_ID}`);
    expect(window.localStorage.getItem('signupEmail')).toBeNull();
  });

  it('checks the code format as the API does, before sending', async () => {
    window.localStorage.setItem('signupEmail', 'ann@example.com');
    markOtpSent('ann@example.com');
    const calls = mockApi({});
    renderApp('/verify-otp');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Verification code'), '123{Enter}');
    expect(await screen.findByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('shows the server message for a wrong code', async () => {
    window.localStorage.setItem('signupEmail', 'ann@example.com');
    markOtpSent('ann@example.com');
    mockApi({
      'POST /api/verify-otp': {
        status: 400,
        body: { success: false, message: 'Invalid verification code. 4 attempts left.' },
      },
    });
    renderApp('/verify-otp');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Verification code'), '000000{Enter}');
    expect(
      await screen.findByText('Invalid verification code. 4 attempts left.'),
    ).toBeInTheDocument();
  });

  it('takes the wrong-code toast away once a code succeeds', async () => {
    window.localStorage.setItem('signupEmail', 'ann@example.com');
    markOtpSent('ann@example.com');
    mockApi({
      'POST /api/verify-otp': (body) =>
        (body as { otp: string }).otp === '000000'
          ? {
              status: 400,
              body: { success: false, message: 'Invalid verification code. 4 attempts left.' },
            }
          : {
              body: {
                success: true,
                message: 'Email verified successfully! Please set up 2FA.',
                userId: USER_ID,
                nextStep: '2fa-setup',
                setupUrl: `/2fa-setup/${USER_ID}`,
              },
            },
      'POST /api/2fa/setup': {
        body: { success: true, qrCode: 'data:,', otpauthUrl: 'otpauth://x', secret: 'ABCD' },
      },
    });
    renderApp('/verify-otp');
    const user = userEvent.setup({ delay: null });
    const codeField = screen.getByLabelText('Verification code');
    await user.type(codeField, '000000{Enter}');
    await screen.findByText('Invalid verification code. 4 attempts left.');

    await user.clear(codeField);
    await user.type(codeField, '123456{Enter}');
    await screen.findByText('Email verified successfully! Please set up 2FA.');
    await expectToastDismissed('Invalid verification code. 4 attempts left.');
  });
});
