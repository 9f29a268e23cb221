import { PRIVACY_DEFAULTS, type PrivacySettings } from '@kindred/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { respond } from '../../../testing/api';
import { mockApi, renderApp } from '../../../testing/render';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
/** What a member who never changed anything has: everyone may write, read receipts on. */
const SAVED: PrivacySettings = { ...PRIVACY_DEFAULTS };

/** Settings → Privacy & contact, with an API that saves what it is sent. */
function openPrivacySettings() {
  const calls = mockApi({
    'GET /api/users/me/privacy': respond(200, { success: true, privacy: SAVED }),
    'GET /api/connections/requests': respond(200, {
      success: true,
      requests: [],
      nextCursor: null,
    }),
    'PUT /api/users/me/privacy': (body) =>
      respond(200, {
        success: true,
        message: 'Privacy settings saved',
        privacy: { ...SAVED, ...(body as Partial<PrivacySettings>) },
      }),
  });
  window.localStorage.setItem('userId', USER_ID);
  const user = userEvent.setup();
  renderApp('/settings/privacy');
  return { calls, user };
}

describe('Settings → Privacy & contact: messages', () => {
  it('saves who may start a conversation and whether read receipts are shown', async () => {
    const { calls, user } = openPrivacySettings();

    const who = await screen.findByRole(
      'group',
      { name: 'Who can message me' },
      { timeout: 5_000 },
    );
    expect(within(who).getByRole('radio', { name: 'Everyone' })).toBeChecked();
    const receipts = screen.getByRole('switch', { name: 'Show when I have read messages' });
    expect(receipts).toBeChecked();

    await user.click(within(who).getByRole('radio', { name: 'Only my matches' }));
    await user.click(receipts);
    await user.click(screen.getByRole('button', { name: 'Save privacy settings' }));

    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'PUT /api/users/me/privacy')?.body).toMatchObject({
      whoCanMessage: 'matches',
      readReceipts: false,
    });
    expect(within(who).getByRole('radio', { name: 'Only my matches' })).toBeChecked();
  });

  it('saves "Only photo-verified members can start a conversation with me"', async () => {
    const { calls, user } = openPrivacySettings();

    const verifiedOnly = await screen.findByRole(
      'switch',
      { name: 'Only photo-verified members can start a conversation with me' },
      { timeout: 5_000 },
    );
    expect(verifiedOnly).not.toBeChecked();
    await user.click(verifiedOnly);
    await user.click(screen.getByRole('button', { name: 'Save privacy settings' }));

    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'PUT /api/users/me/privacy')?.body).toMatchObject({
      messagesFromPhotoVerifiedOnly: true,
      whoCanMessage: 'everyone',
    });
    expect(verifiedOnly).toBeChecked();
  });
});
