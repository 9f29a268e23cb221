import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberSession } from '@kindred/contracts';
import { mockApi, renderApp } from '../../../testing/render';
import { respond } from '../../../testing/api';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

const THIS_ONE: MemberSession = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000001',
  current: true,
  browser: 'Chrome 131',
  os: 'Linux',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastActiveAt: '2026-11-23T09:00:00.000Z',
};
const PHONE: MemberSession = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000002',
  current: false,
  browser: 'Mobile Safari 17',
  os: 'iOS 17.1',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastActiveAt: '2026-11-22T08:30:00.000Z',
};
const LAPTOP: MemberSession = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000003',
  current: false,
  browser: null,
  os: null,
  createdAt: '2026-11-03T10:00:00.000Z',
  lastActiveAt: '2026-11-21T08:30:00.000Z',
};

function openSessions() {
  window.localStorage.setItem('userId', USER_ID);
  return renderApp('/settings/sessions');
}

async function sessionItems() {
  const list = await screen.findByRole('list', { name: 'Your sessions' }, { timeout: 5_000 });
  return within(list).getAllByRole('listitem');
}

describe('Settings → Sessions & devices', () => {
  it('lists this browser first, then the others with browser, system and last activity', async () => {
    mockApi({
      'GET /api/users/me/sessions': respond(200, {
        success: true,
        sessions: [THIS_ONE, PHONE, LAPTOP],
      }),
    });
    openSessions();
    const [first, second, third] = await sessionItems();
    expect(first).toHaveTextContent('Chrome 131 on Linux');
    expect(within(first!).getByText('This browser')).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Mobile Safari 17 on iOS 17.1');
    expect(second).toHaveTextContent(/Last active/);
    expect(third).toHaveTextContent('Unknown browser');
    expect(screen.getByRole('button', { name: 'Sign out of all other sessions' })).toBeEnabled();
  });

  it('signs one session out and shows the list without it', async () => {
    let sessions = [THIS_ONE, PHONE, LAPTOP];
    const calls = mockApi({
      'GET /api/users/me/sessions': () => respond(200, { success: true, sessions }),
      [`DELETE /api/users/me/sessions/${PHONE._id}`]: () => {
        sessions = [THIS_ONE, LAPTOP];
        return respond(200, { success: true, message: 'Signed out of that session.' });
      },
    });
    openSessions();
    await sessionItems();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17.1' }));
    expect(await screen.findByText('Signed out of that session.')).toBeInTheDocument();
    await expect.poll(async () => (await sessionItems()).length).toBe(2);
    expect(screen.queryByText(/Mobile Safari/)).not.toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain(`DELETE /api/users/me/sessions/${PHONE._id}`);
  });

  it('signs out of all other sessions', async () => {
    let sessions = [THIS_ONE, PHONE, LAPTOP];
    mockApi({
      'GET /api/users/me/sessions': () => respond(200, { success: true, sessions }),
      'DELETE /api/users/me/sessions': () => {
        sessions = [THIS_ONE];
        return respond(200, {
          success: true,
          message: 'Signed out of 2 other sessions.',
          ended: 2,
        });
      },
    });
    openSessions();
    await sessionItems();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    await expect.poll(async () => (await sessionItems()).length).toBe(1);
    expect(screen.getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();
  });

  it("says so when a session can't be signed out", async () => {
    mockApi({
      'GET /api/users/me/sessions': respond(200, { success: true, sessions: [THIS_ONE, PHONE] }),
      [`DELETE /api/users/me/sessions/${PHONE._id}`]: respond(404, {
        success: false,
        message: 'Session not found',
        code: 'NOT_FOUND',
      }),
    });
    openSessions();
    await sessionItems();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Sign out Mobile Safari/ }));
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
  });
});
