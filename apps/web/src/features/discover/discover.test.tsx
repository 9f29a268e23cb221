import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { respond } from '../../testing/api';
import { mockApi, renderApp } from '../../testing/render';
import {
  ANA_ID,
  BEN_ID,
  VIEWER_ID,
  boostIdle,
  discoverMember,
  entitlementsAnswer,
  planLimit,
} from '../matches/test-support';

/** The page's code loads on demand: allow it time on a busy machine. */
const SLOW = { timeout: 10_000 };

const ana = discoverMember();
const ben = discoverMember({
  _id: BEN_ID,
  firstName: 'Ben',
  age: 34,
  gender: 'male',
  city: null,
  distance: null,
  photo: null,
  thumbnail: null,
  interestsInCommon: [],
  verifiedBadge: false,
});

function openDiscover(path = '/discover') {
  window.localStorage.setItem('userId', VIEWER_ID);
  return renderApp(path);
}

const discoverCalls = (calls: { key: string; url: URL }[]) =>
  calls.filter((call) => call.key === 'GET /api/discover');

describe('Discover', () => {
  it('shows each member as a card: first name, age, city, rounded distance, photo, shared interests', async () => {
    mockApi({
      'GET /api/discover': respond(200, { success: true, members: [ana, ben], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
    });
    openDiscover();
    const card = await screen.findByRole('article', { name: 'Ana, 29' }, SLOW);
    expect(within(card).getByRole('img', { name: 'Photo of Ana' })).toHaveAttribute(
      'src',
      '/api/media/ana.webp',
    );
    expect(card).toHaveTextContent('Porto · about 5 km');
    expect(
      within(card).getByRole('list', { name: 'Interests you share with Ana' }),
    ).toHaveTextContent('TravelMusic');
    expect(within(card).getByRole('link', { name: 'Ana, 29' })).toHaveAttribute(
      'href',
      `/viewprofile/${ANA_ID}`,
    );
    const bens = screen.getByRole('article', { name: 'Ben, 34' });
    expect(within(bens).getByRole('img', { name: 'Ben has no photo' })).toBeInTheDocument();
    expect(bens).not.toHaveTextContent('km');
  });

  it('shows the verified badge and the photo-verified mark beside the names that carry them', async () => {
    mockApi({
      'GET /api/discover': respond(200, {
        success: true,
        members: [{ ...ana, photoVerified: true }, ben],
        nextCursor: null,
      }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
    });
    openDiscover();
    const anas = await screen.findByRole('article', { name: 'Ana, 29' }, SLOW);
    const anaName = within(anas).getByRole('heading', { name: /Ana, 29/ });
    expect(within(anaName).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(anaName).getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
    const bens = screen.getByRole('article', { name: 'Ben, 34' });
    expect(within(bens).queryByRole('img', { name: 'Verified' })).toBeNull();
    expect(within(bens).queryByRole('img', { name: 'Photo verified' })).toBeNull();
  });

  it('sends the filters as query parameters, and keeps them in the address', async () => {
    const calls = mockApi({
      'GET /api/discover': respond(200, { success: true, members: [ana], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('beginner'),
      'GET /api/boost': boostIdle,
    });
    const user = userEvent.setup();
    const view = openDiscover();
    await screen.findByRole('article', { name: 'Ana, 29' }, SLOW);
    expect(discoverCalls(calls)[0]!.url.search).toBe('');

    const filters = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(filters).getByLabelText('Age from'), '25');
    await user.type(within(filters).getByLabelText('Age to'), '35');
    await user.selectOptions(within(filters).getByLabelText('Distance'), 'Within 25 km');
    const gender = within(filters).getByRole('group', { name: 'Gender' });
    await user.click(within(gender).getByLabelText('Female'));
    await user.click(within(gender).getByLabelText('Non-binary'));
    await user.click(within(filters).getByText('Advanced filters'));
    const interests = within(filters).getByRole('group', { name: 'Interests in common' });
    await user.click(within(interests).getByLabelText('Travel'));
    await user.click(within(filters).getByLabelText('Recently active'));
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(discoverCalls(calls)).toHaveLength(2));
    const sent = discoverCalls(calls)[1]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      ageMin: '25',
      ageMax: '35',
      gender: 'female,non-binary',
      maxDistanceKm: '25',
      interests: 'Travel',
      recentlyActive: 'true',
    });
    expect(view.router.state.location.search).toBe(`?${sent.toString()}`);
  });

  it('refuses an upside-down age range without asking the server', async () => {
    const calls = mockApi({
      'GET /api/discover': respond(200, { success: true, members: [ana], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
    });
    const user = userEvent.setup();
    openDiscover();
    await screen.findByRole('article', { name: 'Ana, 29' }, SLOW);
    await user.type(screen.getByLabelText('Age from'), '40');
    await user.type(screen.getByLabelText('Age to'), '30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByText('The lowest age must not be above the highest'),
    ).toBeInTheDocument();
    expect(discoverCalls(calls)).toHaveLength(1);
  });

  it('opens “It’s a match!” when a like answers matched: true, with a message link and Keep browsing', async () => {
    const calls = mockApi({
      'GET /api/discover': respond(200, { success: true, members: [ana, ben], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
      'POST /api/matches/like': respond(200, { success: true, matched: true, remainingToday: 19 }),
    });
    const user = userEvent.setup();
    openDiscover();
    const card = await screen.findByRole('article', { name: 'Ana, 29' }, SLOW);
    await user.click(within(card).getByRole('button', { name: 'Like Ana' }));

    const dialog = await screen.findByRole('dialog', { name: 'It’s a match!' });
    expect(dialog).toHaveTextContent('You and Ana like each other.');
    expect(within(dialog).getByRole('link', { name: 'Send a message' })).toHaveAttribute(
      'href',
      `/messages?with=${ANA_ID}`,
    );
    expect(calls.find((call) => call.key === 'POST /api/matches/like')?.body).toEqual({
      userId: ANA_ID,
    });
    expect(screen.getByText('19 likes left today')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep browsing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Ana's card is gone; Ben's is still there.
    expect(screen.queryByRole('article', { name: 'Ana, 29' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Ben, 34' })).toBeInTheDocument();
  });

  it('a like without a match and a pass each take the card away, with no dialog', async () => {
    const calls = mockApi({
      'GET /api/discover': respond(200, { success: true, members: [ana, ben], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('professional'),
      'GET /api/boost': boostIdle,
      'POST /api/matches/like': respond(200, {
        success: true,
        matched: false,
        remainingToday: null,
      }),
      'POST /api/matches/pass': respond(200, { success: true, message: 'Member passed' }),
    });
    const user = userEvent.setup();
    openDiscover();
    await user.click(await screen.findByRole('button', { name: 'Like Ana' }, SLOW));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ana, 29' })).toBeNull());
    expect(screen.getByText('Unlimited likes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pass on Ben' }));
    expect(await screen.findByText(/Nobody matches your filters yet/)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/matches/pass')?.body).toEqual({
      userId: BEN_ID,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the upgrade dialog when the day’s likes are used up (403 PLAN_LIMIT), and keeps the card', async () => {
    mockApi({
      'GET /api/discover': respond(200, { success: true, members: [ana], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
      'POST /api/matches/like': planLimit(
        'profileLikesPerDay',
        'beginner',
        "Profile likes: you have reached your plan's limit. Upgrade to Beginner for more.",
      ),
    });
    const user = userEvent.setup();
    openDiscover();
    await user.click(await screen.findByRole('button', { name: 'Like Ana' }, SLOW));
    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' }, SLOW);
    expect(within(upgrade).getByRole('status')).toHaveTextContent(
      'Profile likes: plan limit reached',
    );
    expect(screen.getByText('0 likes left today')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ana, 29' })).toBeInTheDocument();
  });

  it('offers the upgrade for an advanced filter the plan lacks, and does not ask the server with it', async () => {
    const calls = mockApi({
      'GET /api/discover': respond(200, { success: true, members: [ana], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
    });
    const user = userEvent.setup();
    const view = openDiscover();
    await screen.findByRole('article', { name: 'Ana, 29' }, SLOW);
    await user.click(screen.getByText('Advanced filters'));
    expect(screen.getByText('Part of the Beginner and Professional plans.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Photo-verified members only'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' }, SLOW);
    expect(within(upgrade).getByRole('status')).toHaveTextContent(
      'Advanced filters: plan limit reached',
    );
    expect(discoverCalls(calls)).toHaveLength(1);
    expect(view.router.state.location.search).toBe('');
  });

  it('opens the upgrade dialog when the API refuses the filters (PLAN_LIMIT), e.g. from an address', async () => {
    mockApi({
      'GET /api/discover': planLimit(
        'advancedFilters',
        'beginner',
        "Advanced filters: you have reached your plan's limit. Upgrade to Beginner for more.",
      ),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
    });
    openDiscover('/discover?recentlyActive=true');
    expect(
      await screen.findByRole('dialog', { name: 'Upgrade your plan' }, SLOW),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Your plan does not include these filters/, { ignore: 'dialog *' }),
    ).toBeInTheDocument();
  });

  it('loads the next page with the cursor (Load more)', async () => {
    const calls = mockApi({
      'GET /api/discover': (_body, url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? respond(200, { success: true, members: [ben], nextCursor: null })
          : respond(200, { success: true, members: [ana], nextCursor: 'page-2' }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': boostIdle,
    });
    const user = userEvent.setup();
    openDiscover('/discover?ageMin=20');
    await screen.findByRole('article', { name: 'Ana, 29' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Ben, 34' })).toBeInTheDocument();
    const second = discoverCalls(calls)[1]!.url.searchParams;
    expect(second.get('cursor')).toBe('page-2');
    expect(second.get('ageMin')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('boosts the profile and says until when', async () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    let boosts = 0;
    mockApi({
      'GET /api/discover': respond(200, { success: true, members: [], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('beginner'),
      'GET /api/boost': () =>
        respond(200, {
          success: true,
          allowance: 'weekly',
          boostedUntil: boosts > 0 ? until : null,
          nextBoostAt: boosts > 0 ? until : null,
        }),
      'POST /api/boost': () => {
        boosts += 1;
        return respond(200, {
          success: true,
          message: 'Your profile is boosted for 30 minutes',
          boostedUntil: until,
          nextBoostAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        });
      },
    });
    const user = userEvent.setup();
    openDiscover();
    const boost = await screen.findByRole('button', { name: 'Boost my profile' }, SLOW);
    await waitFor(() => expect(boost).toBeEnabled());
    await user.click(boost);
    expect(await screen.findByText('Your profile is boosted for 30 minutes')).toBeInTheDocument();
    expect(await screen.findByText(/^Boosted until /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boost my profile' })).toBeDisabled();
  });

  it('a boost refused by the plan (PLAN_LIMIT) opens the upgrade dialog', async () => {
    mockApi({
      'GET /api/discover': respond(200, { success: true, members: [], nextCursor: null }),
      'GET /api/entitlements': entitlementsAnswer('free'),
      'GET /api/boost': respond(200, {
        success: true,
        allowance: 'none',
        boostedUntil: null,
        nextBoostAt: null,
      }),
      'POST /api/boost': planLimit(
        'boosts',
        'beginner',
        "Profile boosts: you have reached your plan's limit. Upgrade to Beginner for more.",
      ),
    });
    const user = userEvent.setup();
    openDiscover();
    const boost = await screen.findByRole('button', { name: 'Boost my profile' }, SLOW);
    await waitFor(() => expect(boost).toBeEnabled());
    await user.click(boost);
    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' }, SLOW);
    expect(within(upgrade).getByRole('status')).toHaveTextContent(
      'Profile boosts: plan limit reached',
    );
  });
});
