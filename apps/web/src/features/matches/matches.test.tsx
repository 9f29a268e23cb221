import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { respond, type Reply } from '../../testing/api';
import { mockApi, renderApp } from '../../testing/render';
import { ANA_ID, BEN_ID, VIEWER_ID, entitlementsAnswer, memberCard } from './test-support';

const SLOW = { timeout: 10_000 };

const ana = memberCard();
const ben = memberCard({
  _id: BEN_ID,
  firstName: 'Ben',
  age: 34,
  city: null,
  profilePicture: null,
});
const matchedAt = '2026-03-12T10:00:00.000Z';

const noLikes: Reply = respond(200, {
  success: true,
  locked: false,
  count: 0,
  likes: [],
  nextCursor: null,
});

function openMatches(replies: Record<string, Reply>) {
  window.localStorage.setItem('userId', VIEWER_ID);
  const calls = mockApi({
    'GET /api/matches': respond(200, {
      success: true,
      matches: [
        { user: ana, matchedAt },
        { user: ben, matchedAt },
      ],
      nextCursor: null,
    }),
    'GET /api/matches/likes-you': noLikes,
    'GET /api/entitlements': entitlementsAnswer('free'),
    ...replies,
  });
  return { calls, view: renderApp('/matches') };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Matches', () => {
  it('lists the matches with a Message link to the conversation', async () => {
    openMatches({});
    const list = await screen.findByRole('list', { name: 'Your matches' }, SLOW);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ana');
    expect(rows[0]).toHaveTextContent('29 · Porto');
    expect(within(rows[0]!).getByRole('link', { name: 'Message Ana' })).toHaveAttribute(
      'href',
      `/messages?with=${ANA_ID}`,
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Ana' })).toHaveAttribute(
      'href',
      `/viewprofile/${ANA_ID}`,
    );
  });

  it('shows the verified badge and the photo-verified mark beside the names that carry them', async () => {
    openMatches({
      'GET /api/matches': respond(200, {
        success: true,
        matches: [
          { user: { ...ana, verifiedBadge: true, photoVerified: true }, matchedAt },
          { user: ben, matchedAt },
        ],
        nextCursor: null,
      }),
    });
    const list = await screen.findByRole('list', { name: 'Your matches' }, SLOW);
    const [anaRow, benRow] = within(list).getAllByRole('listitem');
    expect(within(anaRow!).getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
    expect(within(anaRow!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(benRow!).queryByRole('img', { name: 'Photo verified' })).toBeNull();
    expect(within(benRow!).queryByRole('img', { name: 'Verified' })).toBeNull();
  });

  it('unmatches only after the confirmation: Cancel sends nothing, Unmatch removes the match', async () => {
    const { calls } = openMatches({
      [`DELETE /api/matches/${ANA_ID}`]: respond(200, { success: true, message: 'Unmatched' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unmatch Ana' }, SLOW));
    let dialog = screen.getByRole('dialog', { name: 'Unmatch Ana?' });
    expect(dialog).toHaveTextContent('Ana is not told why.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Unmatch Ana' }));
    dialog = screen.getByRole('dialog', { name: 'Unmatch Ana?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.key.startsWith('DELETE')).map((call) => call.key)).toEqual([
      `DELETE /api/matches/${ANA_ID}`,
    ]);
    expect(await screen.findByText('You unmatched Ana')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your matches' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Ben');
  });

  it('says why when the unmatch fails, and keeps the match listed', async () => {
    openMatches({
      [`DELETE /api/matches/${ANA_ID}`]: respond(404, {
        success: false,
        code: 'MATCH_NOT_FOUND',
        message: 'Match not found',
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unmatch Ana' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Unmatch Ana?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    expect(await screen.findByText('Match not found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const list = screen.getByRole('list', { name: 'Your matches' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('without the plan, "Likes you" shows the count and blurred shapes, no names, and offers the upgrade', async () => {
    openMatches({
      'GET /api/matches': respond(200, { success: true, matches: [], nextCursor: null }),
      'GET /api/matches/likes-you': respond(200, {
        success: true,
        locked: true,
        count: 3,
        teaser: {
          description: '3 people like you. Upgrade to see who.',
          placeholders: 3,
          requiredPlan: 'beginner',
        },
      }),
    });
    const user = userEvent.setup();
    const likes = await screen.findByRole('region', { name: 'Likes you' }, SLOW);
    expect(await within(likes).findByText('3 people like you. Upgrade to see who.')).toBeVisible();
    // Nothing of anyone: no links, no pictures, no names in the section.
    expect(within(likes).queryAllByRole('link')).toHaveLength(0);
    expect(within(likes).queryAllByRole('img')).toHaveLength(0);
    expect(likes.querySelectorAll('img')).toHaveLength(0);
    expect(likes).not.toHaveTextContent(/Ana|Ben/);
    expect(likes.querySelectorAll('[aria-hidden="true"] li')).toHaveLength(3);

    await user.click(within(likes).getByRole('button', { name: 'Upgrade to see who' }));
    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' }, SLOW);
    expect(within(upgrade).getByRole('status')).toHaveTextContent(
      'See who liked you: plan limit reached',
    );
  });

  it('with the plan, "Likes you" lists them, and Like back opens “It’s a match!”', async () => {
    const { calls } = openMatches({
      'GET /api/matches': respond(200, { success: true, matches: [], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('beginner'),
      'GET /api/matches/likes-you': respond(200, {
        success: true,
        locked: false,
        count: 1,
        likes: [{ user: ben, likedAt: matchedAt }],
        nextCursor: null,
      }),
      'GET /api/profile/visitors': respond(200, {
        success: true,
        leaveVisits: true,
        visitors: [],
        nextCursor: null,
      }),
      'POST /api/matches/like': respond(200, { success: true, matched: true, remainingToday: 99 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Like Ben back' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'It’s a match!' });
    expect(within(dialog).getByRole('link', { name: 'Send a message' })).toHaveAttribute(
      'href',
      `/messages?with=${BEN_ID}`,
    );
    expect(calls.find((call) => call.key === 'POST /api/matches/like')?.body).toEqual({
      userId: BEN_ID,
    });
  });

  it('without the plan, Visitors offers the upgrade and never asks for the list', async () => {
    const { calls } = openMatches({});
    const user = userEvent.setup();
    const visitors = await screen.findByRole('region', { name: 'Visitors' }, SLOW);
    await user.click(
      await within(visitors).findByRole('button', { name: 'Upgrade to see visitors' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' }, SLOW)).toBeVisible();
    expect(calls.some((call) => call.key === 'GET /api/profile/visitors')).toBe(false);
  });

  it('with the plan, Visitors lists them', async () => {
    openMatches({
      'GET /api/entitlements': entitlementsAnswer('professional'),
      'GET /api/profile/visitors': respond(200, {
        success: true,
        leaveVisits: true,
        visitors: [{ user: ben, visitedAt: matchedAt }],
        nextCursor: null,
      }),
    });
    const list = await screen.findByRole('list', { name: 'Profile visitors' }, SLOW);
    expect(list).toHaveTextContent('Ben');
    expect(section('Visitors')).not.toHaveTextContent('Upgrade');
  });

  it('tells a member who leaves no visits that they see none either', async () => {
    openMatches({
      'GET /api/entitlements': entitlementsAnswer('professional'),
      'GET /api/profile/visitors': respond(200, {
        success: true,
        leaveVisits: false,
        visitors: [],
        nextCursor: null,
      }),
    });
    const visitors = await screen.findByRole('region', { name: 'Visitors' }, SLOW);
    expect(await within(visitors).findByText(/You leave no visits/)).toBeVisible();
    expect(within(visitors).getByRole('link', { name: 'Privacy settings' })).toHaveAttribute(
      'href',
      '/settings/privacy',
    );
  });
});
