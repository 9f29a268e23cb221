import type { ModerationCase } from '@kindred/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { renderApp } from '../../../testing/render';
import { withoutTrialBannerCall } from '../../subscription/test-support';

const MODERATOR_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';

function aCase(id: string, title: string, overrides: Partial<ModerationCase> = {}): ModerationCase {
  return {
    _id: id,
    targetType: 'post',
    targetId: `${id.slice(0, -1)}f`,
    targetMember: {
      _id: 'b0000000-0000-4000-8000-000000000000',
      firstName: 'Bo',
      lastName: 'Dee',
      status: 'active',
    },
    snapshot: {
      type: 'post',
      title,
      description: '',
      privacy: 'public',
      media: null,
      createdAt: '2026-01-01T10:00:00.000Z',
    },
    reporterCount: 2,
    reasons: ['spam', 'harassment'],
    reports: [
      {
        _id: id,
        reason: 'spam',
        note: 'Seen it ten times',
        status: 'open',
        action: null,
        resolutionNote: null,
        createdAt: '2026-01-01T10:00:00.000Z',
        resolvedAt: null,
      },
    ],
    earlierReports: [],
    lastReportedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const FIRST = 'a1111111-1111-4111-8111-111111111111';
const SECOND = 'a2222222-2222-4222-8222-222222222222';

function me(role?: 'moderator') {
  return respond(200, {
    success: true,
    user: {
      _id: MODERATOR_ID,
      firstName: 'Mo',
      lastName: 'Derator',
      age: null,
      gender: null,
      sexuality: null,
      location: null,
      profilePicture: null,
      photos: [],
      verifiedBadge: true,
      isVerified: true,
      isPhoneVerified: true,
      plan: null,
      subscriptionStatus: null,
      trialEndDate: null,
      email: 'mo@example.com',
      ...(role ? { role } : {}),
    },
  });
}

/** A moderator's page with these open cases. */
function queueOf(...cases: ModerationCase[]) {
  mockApi({
    [`GET /api/users/${MODERATOR_ID}`]: me('moderator'),
    'GET /api/moderation/reports': respond(200, { success: true, cases, nextCursor: null }),
  });
}

async function openModeration(role: 'moderator' | 'member') {
  window.localStorage.setItem('userId', MODERATOR_ID);
  window.localStorage.setItem('role', role);
  renderApp('/moderation');
  await screen.findByRole('heading', { name: 'Moderation', level: 1 }, { timeout: 5_000 });
  return userEvent.setup({ delay: null });
}

describe('the moderation page', () => {
  it('triages from the keyboard: J moves down, D dismisses the active case, S asks before suspending', async () => {
    const calls = mockApi({
      [`GET /api/users/${MODERATOR_ID}`]: me('moderator'),
      'GET /api/moderation/reports': respond(200, {
        success: true,
        cases: [aCase(FIRST, 'First spam'), aCase(SECOND, 'Second spam')],
        nextCursor: null,
      }),
      [`POST /api/moderation/reports/${SECOND}/resolve`]: respond(200, {
        success: true,
        message: 'Done.',
        resolvedCount: 1,
      }),
      [`POST /api/moderation/reports/${FIRST}/resolve`]: respond(200, {
        success: true,
        message: 'Done.',
        resolvedCount: 1,
      }),
    });
    const user = await openModeration('moderator');
    expect(screen.getByRole('link', { name: 'Moderation' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Post by Bo Dee', current: true });
    expect(within(first).getByText('First spam')).toBeInTheDocument();
    expect(within(first).getByText(/2 reports · Spam, Harassment/)).toBeInTheDocument();

    await user.keyboard('j');
    const active = screen.getByRole('article', { current: true });
    expect(within(active).getByText('Second spam')).toBeInTheDocument();
    await user.keyboard('d');
    await screen.findAllByText('Done.');
    const resolveCalls = () => calls.filter((call) => call.key.startsWith('POST'));
    expect(resolveCalls()).toEqual([
      {
        key: `POST /api/moderation/reports/${SECOND}/resolve`,
        body: { action: 'dismiss', note: '' },
      },
    ]);

    await user.keyboard('k');
    await user.keyboard('s');
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Bo Dee?' });
    // Nothing is sent until the moderator gives a reason and confirms.
    expect(within(dialog).getByRole('button', { name: 'Suspend member' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason (mailed to the member)'), 'Spam farm');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend member' }));
    await screen.findAllByText('Done.');
    expect(resolveCalls().at(-1)).toEqual({
      key: `POST /api/moderation/reports/${FIRST}/resolve`,
      body: { action: 'suspend', note: 'Spam farm' },
    });
  });

  it('has buttons with their shortcuts, and no Remove for a member', async () => {
    queueOf(
      aCase(FIRST, 'Unused', {
        targetType: 'member',
        snapshot: { type: 'member', firstName: 'Bo', lastName: 'Dee', bio: 'Hi', photos: [] },
      }),
    );
    await openModeration('moderator');
    const item = await screen.findByRole('article', { name: 'Member by Bo Dee' });
    expect(within(item).getByRole('button', { name: 'Dismiss' })).toHaveAttribute(
      'aria-keyshortcuts',
      'd',
    );
    expect(within(item).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('shows a reported message as it was: its text and its image with the description', async () => {
    queueOf(
      aCase(FIRST, 'Unused', {
        targetType: 'message',
        snapshot: {
          type: 'message',
          conversationId: 'c0000000-0000-4000-8000-000000000000',
          text: 'You will regret this\nsee you tonight',
          image: { url: '/api/media/abc123.webp', altText: 'A threatening note' },
          createdAt: '2026-01-01T09:00:00.000Z',
        },
      }),
    );
    await openModeration('moderator');
    const item = await screen.findByRole('article', { name: 'Message by Bo Dee' });
    expect(within(item).getByText(/You will regret this/)).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: 'A threatening note' })).toHaveAttribute(
      'src',
      '/api/media/abc123.webp',
    );
    expect(within(item).getByRole('button', { name: /Remove/ })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Mark sensitive/ })).toBeNull();
  });

  it('tells a member it is not available, and the menu has no link to it', async () => {
    const calls = mockApi({ [`GET /api/users/${MODERATOR_ID}`]: me() });
    await openModeration('member');
    expect(
      await screen.findByText('This page is only available to moderators.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
    expect(withoutTrialBannerCall(calls).map((call) => call.key)).toEqual([
      `GET /api/users/${MODERATOR_ID}`,
    ]);
  });
});
