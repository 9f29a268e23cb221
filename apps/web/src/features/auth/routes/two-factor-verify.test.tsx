import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { expectToastDismissed } from '../../../testing/toasts';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

describe('2FA step of login', () => {
  it('stores the session and the first name (the header greeting on a fresh browser)', async () => {
    // A fresh browser: login stored only the member id, no name yet.
    window.localStorage.setItem('userId', USER_ID);
    const calls = mockApi({
      'POST /api/2fa/verify': {
        body: {
          success: true,
          message: '2FA verification successful!',
          user: {
            _id: USER_ID,
            sessionId: 's-3',
            email: 'ann@example.com',
            firstName: 'Ann',
            lastName: 'Lee',
            verifiedBadge: false,
            isVerified: true,
            isPhoneVerified: false,
          },
        },
      },
    });
    const app = renderApp(`/2fa-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');

    expect(await screen.findByText('2FA verification successful!')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      key: 'POST /api/2fa/verify',
      body: { userId: USER_ID, token: '123456' },
    });
    expect(window.localStorage.getItem('sessionId')).toBe('s-3');
    expect(window.localStorage.getItem('firstName')).toBe('Ann');
    expect(app.pathname()).toBe(`/phone-verify/${USER_ID}`);
  });

  it('takes the wrong-code toast away once a code succeeds', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockApi({
      'POST /api/2fa/verify': (body) =>
        (body as { token: string }).token === '123456'
          ? {
              body: {
                success: true,
                message: '2FA verification successful!',
                user: {
                  _id: USER_ID,
                  sessionId: 's-3',
                  email: 'ann@example.com',
                  firstName: 'Ann',
                  lastName: 'Lee',
                  verifiedBadge: true,
                  isVerified: true,
                  isPhoneVerified: false,
                },
              },
            }
          : { status: 401, body: { success: false, message: 'Invalid verification code' } },
    });
    renderApp(`/2fa-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    const codeField = await screen.findByLabelText('Verification code');
    await user.type(codeField, '654321{Enter}');
    await screen.findByText('Invalid verification code');

    await user.clear(codeField);
    await user.type(codeField, '123456{Enter}');
    await screen.findByText('2FA verification successful!');
    await expectToastDismissed('Invalid verification code');
  });
});
