import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { expectToastDismissed } from '../../../testing/toasts';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

describe('phone verification screen', () => {
  it('sends to +91 by default, fills a dev code in, verifies and opens the profile wizard', async () => {
    window.localStorage.setItem('userId', USER_ID);
    const calls = mockApi({
      'POST /api/phone/send-code': {
        body: {
          success: true,
          message: 'sent',
          devMode: true,
          devCode: '424242',
          expiresInSeconds: 300,
          resendAfterSeconds: 60,
        },
      },
      'POST /api/phone/verify': { body: { success: true, message: 'ok', verifiedBadge: true } },
    });
    const app = renderApp(`/phone-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByLabelText('Country code')).toHaveDisplayValue('India (+91)');
    const send = screen.getByRole('button', { name: 'Send code' });
    await user.type(screen.getByLabelText('Phone number'), '98765-4321099');
    expect(screen.getByLabelText('Phone number')).toHaveValue('9876543210');
    await user.click(send);

    expect(
      await screen.findByText('Verification code sent successfully! Check your SMS.'),
    ).toBeInTheDocument();
    expect(screen.getByText('DEV MODE: Verification code set automatically!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ userId: USER_ID, phoneNumber: '+919876543210' });
    expect(screen.getByLabelText('Verification code')).toHaveValue('424242');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone number verified successfully!')).toBeInTheDocument();
    expect(calls[1]).toEqual({
      key: 'POST /api/phone/verify',
      body: { userId: USER_ID, phoneNumber: '+919876543210', code: '424242' },
    });
    expect(window.localStorage.getItem('verifiedBadge')).toBe('true');
    // The wizard is a lazily loaded screen: its first import can take a while on a loaded machine.
    await screen.findByRole('heading', { name: 'Set up your profile' }, { timeout: 10_000 });
    expect(app.pathname()).toBe(`/profileedit/${USER_ID}`);
  });

  it('keeps Send code disabled until the number has 10 digits', async () => {
    window.localStorage.setItem('userId', USER_ID);
    renderApp(`/phone-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Phone number'), '98765');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
  });

  it('prefers the server message when sending fails', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockApi({
      'POST /api/phone/send-code': {
        status: 400,
        body: { success: false, message: 'Please enter a valid 10-digit phone number' },
      },
    });
    renderApp(`/phone-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Phone number'), '0000000000{Enter}');
    expect(
      await screen.findByText('Please enter a valid 10-digit phone number'),
    ).toBeInTheDocument();
  });

  it('takes the wrong-code toast away once a code succeeds', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockApi({
      'POST /api/phone/send-code': {
        body: { success: true, message: 'sent', expiresInSeconds: 300, resendAfterSeconds: 60 },
      },
      'POST /api/phone/verify': (body) =>
        (body as { code: string }).code === '424242'
          ? { body: { success: true, message: 'ok', verifiedBadge: true } }
          : {
              status: 400,
              body: { success: false, message: 'Invalid verification code. 4 attempts left.' },
            },
    });
    renderApp(`/phone-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const codeField = await screen.findByLabelText('Verification code');
    await user.type(codeField, '000000{Enter}');
    await screen.findByText('Invalid verification code. 4 attempts left.');

    await user.clear(codeField);
    await user.type(codeField, '424242{Enter}');
    await screen.findByText('Phone number verified successfully!');
    await expectToastDismissed('Invalid verification code. 4 attempts left.');
  });
});
