import { NOTIFICATION_SETTINGS_DEFAULTS, type NotificationSettings } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { respond } from '../../../testing/api';
import { mockApi, renderApp } from '../../../testing/render';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

function openSection() {
  window.localStorage.setItem('userId', USER_ID);
  return renderApp('/settings/notifications');
}

describe('Settings → Notifications', () => {
  it('shows the saved settings, saves every switch and the digest, and keeps what was saved', async () => {
    const calls = mockApi({
      'GET /api/users/me/notification-settings': respond(200, {
        success: true,
        settings: NOTIFICATION_SETTINGS_DEFAULTS,
      }),
      'PUT /api/users/me/notification-settings': (body) =>
        respond(200, {
          success: true,
          message: 'Notification settings saved',
          settings: body as NotificationSettings,
        }),
    });
    const user = userEvent.setup();
    openSection();

    const likes = await screen.findByRole(
      'switch',
      { name: 'Likes on my posts' },
      { timeout: 5_000 },
    );
    expect(likes).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Password changed' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Only from people I follow' })).not.toBeChecked();
    const digest = screen.getByRole('group', { name: 'Email digest' });
    expect(within(digest).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();

    await user.click(likes);
    await user.click(screen.getByRole('switch', { name: 'Mentions' }));
    await user.click(screen.getByRole('switch', { name: 'Only from people I follow' }));
    await user.click(screen.getByRole('switch', { name: 'Not from accounts younger than 7 days' }));
    await user.click(within(digest).getByRole('radio', { name: 'Daily' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(
      calls.find((call) => call.key === 'PUT /api/users/me/notification-settings')?.body,
    ).toEqual({
      types: { ...NOTIFICATION_SETTINGS_DEFAULTS.types, like: false, mention: false },
      onlyFromFollowing: true,
      notFromNewAccounts: true,
      emailDigest: 'daily',
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled(),
    );
    expect(screen.getByRole('switch', { name: 'Likes on my posts' })).not.toBeChecked();
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(sections).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says a refused save in a toast and keeps the changes to try again', async () => {
    mockApi({
      'GET /api/users/me/notification-settings': respond(200, {
        success: true,
        settings: NOTIFICATION_SETTINGS_DEFAULTS,
      }),
      'PUT /api/users/me/notification-settings': respond(400, {
        success: false,
        message: 'Email digest must be off or daily',
        code: 'VALIDATION_FAILED',
      }),
    });
    const user = userEvent.setup();
    openSection();
    await user.click(
      await screen.findByRole('switch', { name: 'Follow requests' }, { timeout: 5_000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Email digest must be off or daily')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Follow requests' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeEnabled();
  });

  it('offers to try again when the settings cannot be read', async () => {
    mockApi({
      'GET /api/users/me/notification-settings': respond(500, { success: false, message: 'Boom' }),
    });
    openSection();
    expect(
      await screen.findByText(/Could not load your notification settings/, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
