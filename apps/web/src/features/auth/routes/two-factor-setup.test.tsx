import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { recordTimeouts } from '../../../testing/clock';
import { expectToastDismissed } from '../../../testing/toasts';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const QR = 'data:image/png;base64,iVBORw0KGgo=';

function mockTwoFactor(isPhoneVerified = false) {
  return mockApi({
    'POST /api/2fa/setup': {
      body: {
        success: true,
        qrCode: QR,
        otpauthUrl: 'otpauth://totp/Kindred',
        secret: 'JBSWY3DPEHPK3PXP',
      },
    },
    'POST /api/2fa/verify': (body) =>
      (body as { token: string }).token === '123456'
        ? {
            body: {
              success: true,
              message: '2FA verification successful!',
              user: {
                _id: USER_ID,
                sessionId: 's-2',
                email: 'ann@example.com',
                firstName: 'Ann',
                lastName: 'Lee',
                verifiedBadge: false,
                isVerified: true,
                isPhoneVerified,
              },
            },
          }
        : { status: 401, body: { success: false, message: 'Invalid verification code' } },
  });
}

describe('2FA setup screen', () => {
  it('shows the QR code and the secret for manual entry', async () => {
    window.localStorage.setItem('userId', USER_ID);
    const calls = mockTwoFactor();
    renderApp(`/2fa-setup/${USER_ID}`);
    expect(await screen.findByRole('img', { name: /qr code/i })).toHaveAttribute('src', QR);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(calls.filter((call) => call.key === 'POST /api/2fa/setup')).toEqual([
      { key: 'POST /api/2fa/setup', body: { userId: USER_ID } },
    ]);
  });

  it('links the otpauth:// URI for a phone ("Open in authenticator app") and names authenticator apps', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockTwoFactor();
    renderApp(`/2fa-setup/${USER_ID}`);
    await screen.findByRole('img', { name: /qr code/i });
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
      'href',
      'otpauth://totp/Kindred',
    );
    expect(document.body).toHaveTextContent(
      /authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis/,
    );
  });

  it('enables Verify only with exactly 6 digits', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockTwoFactor();
    renderApp(`/2fa-setup/${USER_ID}`);
    await screen.findByRole('img', { name: /qr code/i });
    const user = userEvent.setup({ delay: null });
    const input = screen.getByLabelText('Verification code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(input, '12a3b45');
    expect(input).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(input, '6');
    expect(input).toHaveValue('123456');
    expect(verify).toBeEnabled();
    await user.type(input, '7');
    expect(input).toHaveValue('123456');
  });

  it('stores the session, says so, and goes to the phone step 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const timeouts = recordTimeouts();
    window.localStorage.setItem('userId', USER_ID);
    mockTwoFactor(false);
    const app = renderApp(`/2fa-setup/${USER_ID}`);
    await screen.findByRole('img', { name: /qr code/i });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(await screen.findByText('2FA verification successful!')).toBeInTheDocument();
    expect(window.localStorage.getItem('sessionId')).toBe('s-2');
    expect(window.localStorage.getItem('firstName')).toBe('Ann');
    expect(window.localStorage.getItem('verifiedBadge')).toBe('false');
    act(() => timeouts.advanceToJustBefore(2_000));
    expect(app.pathname()).toBe(`/2fa-setup/${USER_ID}`);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(app.pathname()).toBe(`/phone-verify/${USER_ID}`);
  });

  it('says "Invalid verification code" for a wrong code', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockTwoFactor();
    renderApp(`/2fa-setup/${USER_ID}`);
    await screen.findByRole('img', { name: /qr code/i });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Verification code'), '654321{Enter}');
    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
  });

  it('sends a visitor without a stored userId to / with "Please log in first"', async () => {
    const calls = mockTwoFactor();
    const app = renderApp(`/2fa-setup/${USER_ID}`);
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(calls).toEqual([]);
  });

  it('takes the wrong-code toast away once a code succeeds', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockTwoFactor();
    renderApp(`/2fa-setup/${USER_ID}`);
    await screen.findByRole('img', { name: /qr code/i });
    const user = userEvent.setup({ delay: null });
    const codeField = screen.getByLabelText('Verification code');
    await user.type(codeField, '654321{Enter}');
    await screen.findByText('Invalid verification code');

    await user.clear(codeField);
    await user.type(codeField, '123456{Enter}');
    await screen.findByText('2FA verification successful!');
    await expectToastDismissed('Invalid verification code');
  });
});
