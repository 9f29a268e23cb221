import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FollowRequest, PrivacySettings } from '@kindred/contracts';
import { mockApi, renderApp } from '../../../testing/render';
import { respond } from '../../../testing/api';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const SAVED: PrivacySettings = {
  whoCanFollow: 'everyone',
  defaultCommentPolicy: 'everyone',
  whoCanMention: 'followers',
  searchable: true,
  showLocation: true,
  leaveVisits: true,
  whoCanMessage: 'everyone',
  messagesFromPhotoVerifiedOnly: false,
  readReceipts: true,
};
const REQUEST: FollowRequest = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000001',
  user: {
    _id: 'a1b2c3d4-0000-4000-8000-0000000000aa',
    firstName: 'Rosa',
    lastName: 'Parks',
    profilePicture: null,
    verifiedBadge: false,
    photoVerified: false,
  },
  createdAt: '2026-11-23T09:00:00.000Z',
};

function openPrivacy() {
  window.localStorage.setItem('userId', USER_ID);
  return renderApp('/settings/privacy');
}

describe('Settings → Privacy & contact', () => {
  it('shows the saved settings, saves all five with a toast, and keeps what was saved', async () => {
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
          privacy: body as PrivacySettings,
        }),
    });
    const user = userEvent.setup();
    openPrivacy();

    const follow = await screen.findByRole(
      'group',
      { name: 'Who can follow me' },
      { timeout: 5_000 },
    );
    expect(within(follow).getByRole('radio', { name: 'Everyone' })).toBeChecked();
    const mention = screen.getByRole('group', { name: 'Who can mention me' });
    expect(within(mention).getByRole('radio', { name: 'Only my followers' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show me in search' })).toBeChecked();
    expect(screen.getByText('No follow requests')).toBeInTheDocument();

    await user.click(within(follow).getByRole('radio', { name: 'Members I approve' }));
    const comment = screen.getByRole('group', { name: 'Who can comment on my posts' });
    await user.click(within(comment).getByRole('radio', { name: 'No one' }));
    await user.click(screen.getByRole('switch', { name: 'Show me in search' }));
    await user.click(screen.getByRole('switch', { name: 'Show my location' }));
    await user.click(screen.getByRole('button', { name: 'Save privacy settings' }));

    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    const put = calls.find((call) => call.key === 'PUT /api/users/me/privacy');
    expect(put?.body).toEqual({
      whoCanFollow: 'approve',
      defaultCommentPolicy: 'nobody',
      whoCanMention: 'followers',
      searchable: false,
      showLocation: false,
      leaveVisits: true,
      whoCanMessage: 'everyone',
      messagesFromPhotoVerifiedOnly: false,
      readReceipts: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save privacy settings' })).toBeDisabled(),
    );
    expect(within(follow).getByRole('radio', { name: 'Members I approve' })).toBeChecked();
  });

  it('turns off leaving visits on profiles (and so seeing visitors)', async () => {
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
    const user = userEvent.setup();
    openPrivacy();
    const visits = await screen.findByRole(
      'switch',
      { name: 'Let members see when I visit their profile' },
      { timeout: 5_000 },
    );
    expect(visits).toBeChecked();
    expect(visits).toHaveAccessibleDescription(
      'When off, you leave no visits, and you see no visitors either.',
    );
    await user.click(visits);
    await user.click(screen.getByRole('button', { name: 'Save privacy settings' }));
    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    const put = calls.find((call) => call.key === 'PUT /api/users/me/privacy');
    expect(put?.body).toMatchObject({ leaveVisits: false, searchable: true });
    expect(
      screen.getByRole('switch', { name: 'Let members see when I visit their profile' }),
    ).not.toBeChecked();
  });

  it('lists follow requests and approves one, then shows the list again without it', async () => {
    let pending = [REQUEST];
    const calls = mockApi({
      'GET /api/users/me/privacy': respond(200, {
        success: true,
        privacy: { ...SAVED, whoCanFollow: 'approve' },
      }),
      'GET /api/connections/requests': () =>
        respond(200, { success: true, requests: pending, nextCursor: null }),
      [`POST /api/connections/requests/${REQUEST._id}/approve`]: () => {
        pending = [];
        return respond(200, { success: true, message: 'Follow request approved' });
      },
    });
    const user = userEvent.setup();
    openPrivacy();

    const list = await screen.findByRole('list', { name: 'Follow requests' }, { timeout: 5_000 });
    expect(within(list).getByRole('link', { name: 'Rosa Parks' })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Approve Rosa Parks' }));

    expect(await screen.findByText('Follow request approved')).toBeInTheDocument();
    expect(await screen.findByText('No follow requests')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain(
      `POST /api/connections/requests/${REQUEST._id}/approve`,
    );
  });

  it('says a failed answer in a toast and keeps the request listed', async () => {
    mockApi({
      'GET /api/users/me/privacy': respond(200, { success: true, privacy: SAVED }),
      'GET /api/connections/requests': respond(200, {
        success: true,
        requests: [REQUEST],
        nextCursor: null,
      }),
      [`POST /api/connections/requests/${REQUEST._id}/decline`]: respond(404, {
        success: false,
        message: 'Follow request not found',
        code: 'NOT_FOUND',
      }),
    });
    const user = userEvent.setup();
    openPrivacy();
    const list = await screen.findByRole('list', { name: 'Follow requests' }, { timeout: 5_000 });
    await user.click(within(list).getByRole('button', { name: 'Decline Rosa Parks' }));
    expect(await screen.findByText('Follow request not found')).toBeInTheDocument();
  });
});
