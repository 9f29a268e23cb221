import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { respond } from '../../../testing/api';
import { mockApi, renderApp } from '../../../testing/render';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `n${i}aa-bb${i}c`);

function openSecurity() {
  window.localStorage.setItem('userId', USER_ID);
  return renderApp('/settings/security');
}

describe('Settings → Two-factor & recovery', () => {
  it('says how many recovery codes remain', async () => {
    mockApi({ 'GET /api/2fa/recovery-codes': respond(200, { success: true, remaining: 7 }) });
    openSecurity();
    expect(
      await screen.findByText('You have 7 unused recovery codes.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('warns when none are left', async () => {
    mockApi({ 'GET /api/2fa/recovery-codes': respond(200, { success: true, remaining: 0 }) });
    openSecurity();
    expect(
      await screen.findByText('You have no recovery codes left', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('creates new codes after a fresh authenticator code, shows them once, and counts 10 again', async () => {
    let remaining = 2;
    const calls = mockApi({
      'GET /api/2fa/recovery-codes': () => respond(200, { success: true, remaining }),
      'POST /api/2fa/recovery-codes': () => {
        remaining = 10;
        return respond(200, {
          success: true,
          message: 'New recovery codes created. Your old codes no longer work.',
          recoveryCodes: NEW_CODES,
        });
      },
    });
    openSecurity();
    await screen.findByText('You have 2 unused recovery codes.', {}, { timeout: 5_000 });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Code from your authenticator app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Create new recovery codes' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).toHaveTextContent(NEW_CODES[0]!);
    expect(calls.find((call) => call.key === 'POST /api/2fa/recovery-codes')?.body).toEqual({
      token: '123456',
    });
    expect(await screen.findByText('You have 10 unused recovery codes.')).toBeInTheDocument();

    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download (.txt)' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'I saved these codes' }));
    await user.click(done);
    // Shown once: gone for good, the form is back (once the panel's form has checked the box:
    // react-hook-form's submit is asynchronous).
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(screen.getByLabelText(/Code from your authenticator app/)).toHaveValue('');
  });

  it('says a wrong code on the field, and the member stays on the page', async () => {
    mockApi({
      'GET /api/2fa/recovery-codes': respond(200, { success: true, remaining: 4 }),
      'POST /api/2fa/recovery-codes': respond(400, {
        success: false,
        message: 'Invalid verification code',
        code: 'CODE_INVALID',
      }),
    });
    const app = openSecurity();
    await screen.findByText('You have 4 unused recovery codes.', {}, { timeout: 5_000 });
    const user = userEvent.setup({ delay: null });
    const field = screen.getByLabelText(/Code from your authenticator app/);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Create new recovery codes' }));
    expect(await screen.findByText('Invalid verification code')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(app.pathname()).toBe('/settings/security');
  });

  it('checks the code is 6 digits before sending', async () => {
    const calls = mockApi({
      'GET /api/2fa/recovery-codes': respond(200, { success: true, remaining: 4 }),
    });
    openSecurity();
    await screen.findByText('You have 4 unused recovery codes.', {}, { timeout: 5_000 });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Code from your authenticator app/), '12');
    await user.click(screen.getByRole('button', { name: 'Create new recovery codes' }));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeVisible();
    expect(calls.filter((call) => call.key === 'POST /api/2fa/recovery-codes')).toEqual([]);
  });
});
