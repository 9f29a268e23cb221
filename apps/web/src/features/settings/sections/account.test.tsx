import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@kindred/contracts';
import { mockApi, renderApp } from '../../../testing/render';
import { respond } from '../../../testing/api';
import { withoutTrialBannerCall } from '../../subscription/test-support';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

async function openAccount() {
  window.localStorage.setItem('userId', USER_ID);
  renderApp('/settings/account');
  await screen.findByRole('heading', { name: 'Account' }, { timeout: 5_000 });
  return userEvent.setup({ delay: null });
}

const part = (name: string) => screen.getByRole('region', { name });

describe('Settings → Account → Password', () => {
  it('sends the current and the new password, then clears the form', async () => {
    const calls = mockApi({
      'POST /api/users/me/password': respond(200, {
        success: true,
        message: ACCOUNT_MESSAGES.passwordChanged,
      }),
    });
    const user = await openAccount();
    const form = part('Password');
    await user.type(within(form).getByLabelText(/^Current password/), 'secret123');
    await user.type(within(form).getByLabelText(/^New password/), 'fresh-start-42');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'fresh-start-42');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(withoutTrialBannerCall(calls)).toEqual([
      {
        key: 'POST /api/users/me/password',
        body: { currentPassword: 'secret123', newPassword: 'fresh-start-42' },
      },
    ]);
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('checks the new password in the browser with the sign-up rules and the repeat', async () => {
    const calls = mockApi({});
    const user = await openAccount();
    const form = part('Password');
    await user.type(within(form).getByLabelText(/^Current password/), 'secret123');
    await user.type(within(form).getByLabelText(/^New password/), 'abcdefgh');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'abcdefgx');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('Password must contain at least one number'),
    ).toBeInTheDocument();
    expect(within(form).getByText('The two new passwords are not the same')).toBeInTheDocument();
    expect(withoutTrialBannerCall(calls)).toEqual([]);
  });

  it('puts a wrong current password on its field (by the WRONG_PASSWORD code)', async () => {
    mockApi({
      'POST /api/users/me/password': respond(403, {
        success: false,
        message: ACCOUNT_MESSAGES.wrongPassword,
        code: 'WRONG_PASSWORD',
      }),
    });
    const user = await openAccount();
    const form = part('Password');
    await user.type(within(form).getByLabelText(/^Current password/), 'not-it-1');
    await user.type(within(form).getByLabelText(/^New password/), 'fresh-start-42');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'fresh-start-42');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    const field = within(form).getByLabelText(/^Current password/);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();
    expect(field).toHaveFocus();
  });
});

describe('Settings → Account → Email address', () => {
  it('takes the password and the new address, then the emailed code', async () => {
    const calls = mockApi({
      'POST /api/users/me/email': respond(200, {
        success: true,
        message: ACCOUNT_MESSAGES.emailCodeSent('new@example.com'),
        expiresInSeconds: 900,
        resendAfterSeconds: 60,
      }),
      'POST /api/users/me/email/verify': respond(200, {
        success: true,
        message: ACCOUNT_MESSAGES.emailChanged,
        email: 'new@example.com',
      }),
    });
    const user = await openAccount();
    const form = part('Email address');
    await user.type(within(form).getByLabelText(/^New email address/), 'New@Example.com');
    await user.type(within(form).getByLabelText(/^Your password/), 'secret123');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));

    expect(await within(form).findByText('new@example.com')).toBeInTheDocument();
    expect(within(form).getByText(/valid for 15 minutes/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Code from the email/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeInTheDocument();
    expect(withoutTrialBannerCall(calls)).toEqual([
      {
        key: 'POST /api/users/me/email',
        body: { newEmail: 'new@example.com', password: 'secret123' },
      },
      { key: 'POST /api/users/me/email/verify', body: { code: '123456' } },
    ]);
    // Back to the first step for another change.
    expect(within(form).getByLabelText(/^New email address/)).toBeInTheDocument();
  });

  it('shows a wrong code on the code field with the attempts left', async () => {
    mockApi({
      'POST /api/users/me/email': respond(200, {
        success: true,
        message: 'sent',
        expiresInSeconds: 900,
        resendAfterSeconds: 60,
      }),
      'POST /api/users/me/email/verify': respond(400, {
        success: false,
        message: 'Invalid verification code. 4 attempts left.',
        code: 'CODE_INVALID',
      }),
    });
    const user = await openAccount();
    const form = part('Email address');
    await user.type(within(form).getByLabelText(/^New email address/), 'new@example.com');
    await user.type(within(form).getByLabelText(/^Your password/), 'secret123');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await user.type(await within(form).findByLabelText(/^Code from the email/), '000000');
    await user.click(within(form).getByRole('button', { name: 'Confirm new email' }));
    expect(
      await within(form).findByText('Invalid verification code. 4 attempts left.'),
    ).toBeInTheDocument();
  });
});

describe('Settings → Account → Phone number', () => {
  it('sends the current password with the new number, then the texted code', async () => {
    const calls = mockApi({
      'POST /api/phone/send-code': respond(200, {
        success: true,
        message: 'sent',
        devMode: false,
        expiresInSeconds: 300,
        resendAfterSeconds: 60,
      }),
      'POST /api/phone/verify': respond(200, {
        success: true,
        message: 'Phone number verified successfully!',
        verifiedBadge: true,
      }),
    });
    const user = await openAccount();
    const form = part('Phone number');
    await user.type(within(form).getByLabelText(/^Current password/), 'secret123');
    await user.type(within(form).getByLabelText(/^New phone number/), '9811122233');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await user.type(await within(form).findByLabelText(/^Code from the text message/), '654321');
    await user.click(within(form).getByRole('button', { name: 'Confirm new number' }));
    expect(await screen.findByText('Phone number verified successfully!')).toBeInTheDocument();
    expect(withoutTrialBannerCall(calls)).toEqual([
      {
        key: 'POST /api/phone/send-code',
        body: { userId: USER_ID, phoneNumber: '+919811122233', currentPassword: 'secret123' },
      },
      {
        key: 'POST /api/phone/verify',
        body: { userId: USER_ID, phoneNumber: '+919811122233', code: '654321' },
      },
    ]);
  });

  it('can send an authenticator code instead, and shows a refusal on that field', async () => {
    const calls = mockApi({
      'POST /api/phone/send-code': respond(403, {
        success: false,
        message: 'Invalid verification code',
        code: 'CODE_INVALID',
      }),
    });
    const user = await openAccount();
    const form = part('Phone number');
    await user.click(within(form).getByRole('radio', { name: 'An authenticator code' }));
    await user.type(within(form).getByLabelText(/^Code from your authenticator app/), '123456');
    await user.type(within(form).getByLabelText(/^New phone number/), '9811122233');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Invalid verification code')).toBeInTheDocument();
    expect(withoutTrialBannerCall(calls)[0]?.body).toEqual({
      userId: USER_ID,
      phoneNumber: '+919811122233',
      totpCode: '123456',
    });
  });
});
