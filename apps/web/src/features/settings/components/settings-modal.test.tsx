import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer } from '../../../components/ui/toasts';
import * as session from '../../../lib/session';
import { mockApi, renderApp } from '../../../testing/render';
import { SettingsModal, SIGN_OUT_DELAY_MS } from './settings-modal';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Settings
      </button>
      <SettingsModal open={open} onClose={() => setOpen(false)} />
      <AppToastContainer area="default" />
    </>
  );
}

function renderSettings() {
  return renderApp('/', { routes: [{ path: '/', element: <Harness /> }] });
}

let endSession: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  window.localStorage.setItem('userId', USER_ID);
  endSession = vi.spyOn(session, 'endLocalSession').mockImplementation(() => undefined);
});
afterEach(() => endSession.mockRestore());

describe('settings modal', () => {
  it('disables the account after "Confirm Disable", says so, then signs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      [`POST /api/users/${USER_ID}/disable`]: {
        body: { success: true, message: 'Account temporarily disabled' },
      },
    });
    renderSettings();
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Temporarily disable account' }));
    const confirm = screen.getByRole('dialog', { name: 'Disable your account?' });
    expect(calls).toEqual([]);
    await user.type(within(confirm).getByLabelText(/Current password/), 'my password 1');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Disable' }));
    expect(await screen.findByText('Account temporarily disabled')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual([`POST /api/users/${USER_ID}/disable`]);
    // The server asks who is at the keyboard (issue 19 finding 14).
    expect(calls[0]!.body).toEqual({ currentPassword: 'my password 1' });
    expect(endSession).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS));
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('deletes the account after "Delete Forever" with an authenticator code, then signs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      [`DELETE /api/users/${USER_ID}`]: {
        body: { success: true, message: 'Account deleted successfully' },
      },
    });
    renderSettings();
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Delete account permanently' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete your account forever?' });
    await user.click(within(confirm).getByRole('radio', { name: 'An authenticator code' }));
    await user.type(within(confirm).getByLabelText(/Code from your authenticator app/), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Delete Forever' }));
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ totpCode: '123456' });
    await act(async () => vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS));
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('says comments on other members\' posts stay as "Deleted User" (as the API keeps them), not that they are deleted', async () => {
    renderSettings();
    const user = userEvent.setup({ delay: null });
    const settings = screen.getByRole('dialog', { name: 'Settings' });
    expect(settings).toHaveTextContent(
      /comments on other members’ posts stay, shown as “Deleted User”/,
    );
    await user.click(screen.getByRole('button', { name: 'Delete account permanently' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete your account forever?' });
    expect(confirm).toHaveAccessibleDescription(
      /comments on other members’ posts stay, shown as “Deleted User”/,
    );
    expect(confirm).not.toHaveAccessibleDescription(
      /comments.*(will be|are) (permanently )?deleted/i,
    );
  });

  it('stays signed in and says so when disabling fails', async () => {
    mockApi({
      [`POST /api/users/${USER_ID}/disable`]: {
        status: 500,
        body: { success: false, message: 'Server error' },
      },
    });
    renderSettings();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Temporarily disable account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Disable' }));
    expect((await screen.findAllByText('Failed to disable account')).length).toBeGreaterThan(0);
    expect(endSession).not.toHaveBeenCalled();
  });

  it('shows the server’s words when the password is wrong, and stays signed in', async () => {
    mockApi({
      [`POST /api/users/${USER_ID}/disable`]: {
        status: 403,
        body: {
          success: false,
          code: 'WRONG_PASSWORD',
          message: 'Your current password is incorrect.',
        },
      },
    });
    renderSettings();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Temporarily disable account' }));
    await user.type(screen.getByLabelText(/Current password/), 'not it 1');
    await user.click(screen.getByRole('button', { name: 'Confirm Disable' }));
    expect(
      (await screen.findAllByText('Your current password is incorrect.')).length,
    ).toBeGreaterThan(0);
    expect(endSession).not.toHaveBeenCalled();
  });

  it('says "Failed to delete account" when deleting fails, and Cancel goes back to the settings', async () => {
    mockApi({
      [`DELETE /api/users/${USER_ID}`]: { status: 403, body: { success: false, message: 'Nope' } },
    });
    renderSettings();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete account permanently' }));
    await user.click(screen.getByRole('button', { name: 'Delete Forever' }));
    expect((await screen.findAllByText('Failed to delete account')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(endSession).not.toHaveBeenCalled();
  });
});
