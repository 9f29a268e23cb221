import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { buildProfile, MEMBER_ID, OTHER_ID } from '../testing/fixtures';
import { withoutTrialBannerCall } from '../../subscription/test-support';

const EMPTY_POSTS = { body: { success: true, posts: [], nextCursor: null } };

const CHECKOUT_ID = 'test-checkout-id-0123456789abcdef';

function mockProfileApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  // The provider's confirmation (test-mode Pay) switches the plan the subscription reads.
  let paid = false;
  return mockApi({
    [`GET /api/profile/${OTHER_ID}`]: {
      body: {
        success: true,
        profile: buildProfile({
          _id: OTHER_ID,
          userId: OTHER_ID,
          firstName: 'Ana',
          lastName: 'Lee',
          gender: 'female',
          sexuality: 'straight',
          location: { formatted_address: '', city: null, country: null },
          verifiedBadge: false,
        }),
      },
    },
    [`GET /api/profile/${MEMBER_ID}`]: { body: { success: true, profile: buildProfile() } },
    [`GET /api/connections/getFollowersAndFollowings/${OTHER_ID}`]: {
      body: { success: true, followersCount: 4, followingsCount: 2 },
    },
    [`GET /api/connections/getFollowersAndFollowings/${MEMBER_ID}`]: {
      body: { success: true, followersCount: 0, followingsCount: 0 },
    },
    'POST /api/connections/isFollowing': { body: { success: true, isConnection: false } },
    'POST /api/connections/follow': {
      body: {
        success: true,
        isFollowing: true,
        message: 'Followed successfully',
        followersCount: 5,
      },
    },
    [`GET /api/connections/followers/${MEMBER_ID}`]: {
      body: { success: true, users: [], nextCursor: null },
    },
    [`GET /api/connections/following/${MEMBER_ID}`]: {
      body: { success: true, users: [], nextCursor: null },
    },
    [`GET /api/connections/followers/${OTHER_ID}`]: {
      body: {
        success: true,
        users: [
          {
            _id: MEMBER_ID,
            firstName: 'Zoë',
            lastName: 'Ångström',
            profilePicture: null,
            verifiedBadge: true,
          },
        ],
        nextCursor: null,
      },
    },
    [`GET /api/users/${MEMBER_ID}/subscription`]: () => ({
      body: {
        success: true,
        subscription: paid
          ? { planName: 'beginner', status: 'active', trialEndDate: null }
          : {
              planName: 'free',
              status: 'trial',
              trialEndDate: new Date(Date.now() + 10.5 * 86_400_000).toISOString(),
            },
      },
    }),
    'POST /api/subscription/checkout': {
      body: { success: true, url: `/checkout/test/${CHECKOUT_ID}` },
    },
    [`GET /api/subscription/checkout/test/${CHECKOUT_ID}`]: {
      body: {
        success: true,
        session: {
          id: CHECKOUT_ID,
          planId: 'beginner',
          planName: 'Beginner',
          priceLabel: '$5/month',
          status: 'open',
          returnPath: `/viewprofile/${MEMBER_ID}`,
        },
      },
    },
    [`POST /api/subscription/checkout/test/${CHECKOUT_ID}/complete`]: () => {
      paid = true;
      return {
        body: {
          success: true,
          message: 'Payment confirmed: your plan is active',
          subscription: { planName: 'beginner', status: 'active', trialEndDate: null },
          returnPath: `/viewprofile/${MEMBER_ID}`,
        },
      };
    },
    'POST /api/subscription/select-plan': {
      body: {
        success: true,
        message: 'Plan selected successfully',
        subscription: { planName: 'beginner', status: 'active', trialEndDate: null },
      },
    },
    [`GET /api/posts/user/${OTHER_ID}`]: EMPTY_POSTS,
    [`GET /api/posts/user/${MEMBER_ID}`]: EMPTY_POSTS,
    ...overrides,
  });
}

beforeEach(() => {
  window.localStorage.setItem('userId', MEMBER_ID);
});

describe("another member's profile", () => {
  it('shows the name, Basic Information with "Not specified", photos and the counts', async () => {
    mockProfileApi();
    renderApp(`/viewprofile/${OTHER_ID}`);
    // The first render loads the route's code on demand: allow for a cold start.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ana Lee' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Basic Information' });
    const value = (term: string) => within(info).getByText(term).nextElementSibling;
    expect(value('Age')).toHaveTextContent('29');
    expect(value('Gender')).toHaveTextContent('Female');
    expect(value('Location')).toHaveTextContent('Not specified');
    expect(value('Sexuality')).toHaveTextContent('Straight');
    expect(await screen.findByRole('button', { name: '4 Followers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 Following' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your subscription' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /View photo/ })).toHaveLength(2);
  });

  it('follows at once, moves the count by one and says so; the server settles the count', async () => {
    const calls = mockProfileApi();
    renderApp(`/viewprofile/${OTHER_ID}`);
    const follow = await screen.findByRole('button', { name: 'Follow Ana' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.setup().click(follow);
    expect(await screen.findByRole('button', { name: 'Following Ana' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByText('Followed successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '5 Followers' })).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/connections/follow')?.body).toEqual({
      userId: MEMBER_ID,
      followedUserId: OTHER_ID,
    });
  });

  it('puts the button and count back when following fails', async () => {
    mockProfileApi({
      'POST /api/connections/follow': {
        status: 500,
        body: { success: false, message: 'Server error' },
      },
    });
    renderApp(`/viewprofile/${OTHER_ID}`);
    const follow = await screen.findByRole('button', { name: 'Follow Ana' });
    await waitFor(() => expect(follow).toBeEnabled());
    await screen.findByRole('button', { name: '4 Followers' });
    await userEvent.setup().click(follow);
    expect(await screen.findByText('Failed to update follow status')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Ana' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: '4 Followers' })).toBeInTheDocument();
  });

  it('unfollows a member already followed', async () => {
    mockProfileApi({
      'POST /api/connections/isFollowing': { body: { success: true, isConnection: true } },
      'POST /api/connections/follow': {
        body: {
          success: true,
          isFollowing: false,
          message: 'Unfollowed successfully',
          followersCount: 3,
        },
      },
    });
    renderApp(`/viewprofile/${OTHER_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Following Ana' }));
    expect(await screen.findByText('Unfollowed successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
  });

  it('toasts when the follow state or the counts cannot be loaded', async () => {
    mockProfileApi({
      'POST /api/connections/isFollowing': {
        status: 400,
        body: { success: false, message: 'Invalid ID' },
      },
      [`GET /api/connections/getFollowersAndFollowings/${OTHER_ID}`]: {
        status: 404,
        body: { success: false, message: 'User not found' },
      },
    });
    renderApp(`/viewprofile/${OTHER_ID}`);
    expect(await screen.findByText('Error checking follow status')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load follower counts')).toBeInTheDocument();
  });

  it('lists followers in a modal, linking to their profiles', async () => {
    mockProfileApi();
    renderApp(`/viewprofile/${OTHER_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: '4 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('link', { name: 'Zoë Ångström' })).toHaveAttribute(
      'href',
      `/viewprofile/${MEMBER_ID}`,
    );
  });

  it('has the member search box in the header, which opens another profile', async () => {
    const calls = mockProfileApi({
      'GET /api/users/search': {
        body: {
          success: true,
          suggestions: [
            { _id: MEMBER_ID, firstName: 'Zoë', lastName: 'Ångström', profilePicture: null },
          ],
          totalCount: 1,
          page: 1,
          limit: 10,
        },
      },
    });
    const app = renderApp(`/viewprofile/${OTHER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Ana Lee' });
    const header = screen.getByRole('banner');
    const user = userEvent.setup({ delay: null });
    await user.type(within(header).getByRole('combobox', { name: 'Search members' }), 'zo');
    await user.click(await within(header).findByRole('option', { name: 'Zoë Ångström' }));
    expect(app.pathname()).toBe(`/viewprofile/${MEMBER_ID}`);
    expect(calls.filter((call) => call.key === 'GET /api/users/search')).toHaveLength(1);
  });

  it('opens a photo larger on click', async () => {
    mockProfileApi();
    renderApp(`/viewprofile/${OTHER_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View photo 2 of 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/media/a2.webp');
  });
});

describe('own profile', () => {
  it('shows the subscription banner, the plan pop-up and the upgrade modal', async () => {
    const calls = mockProfileApi();
    renderApp(`/viewprofile/${MEMBER_ID}`);
    const banner = await screen.findByRole('region', { name: 'Your subscription' });
    expect(banner).toHaveTextContent('Free Trial - 11 days remaining');
    expect(banner).toHaveClass('subscription--trial');
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Paris, Île-de-France, France', { selector: 'dd' }),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show my plan and status' }));
    const popup = await screen.findByRole('dialog', { name: 'Zoë Ångström' });
    expect(within(popup).getByText('Plan').nextElementSibling).toHaveTextContent('Trial-Free');
    expect(within(popup).getByText('Status').nextElementSibling).toHaveTextContent('Trial');
    await user.click(within(popup).getByRole('button', { name: 'Upgrade plan' }));

    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(upgrade).getByText('Weekly profile boost')).toBeInTheDocument();
    expect(within(upgrade).getByText('Ad-free')).toBeInTheDocument();
    expect(
      within(upgrade).getByRole('button', { name: 'Trial-Free: your current plan' }),
    ).toBeDisabled();
    await user.click(within(upgrade).getByRole('button', { name: 'Choose Beginner' }));

    // A paid plan goes to checkout (here the test-mode page) and back; select-plan is not used.
    expect(
      await screen.findByRole('heading', { name: 'Checkout' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Test mode — no money is taken');
    expect(calls.find((call) => call.key === 'POST /api/subscription/checkout')?.body).toEqual({
      planId: 'beginner',
      returnPath: `/viewprofile/${MEMBER_ID}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Pay $5/month (test)' }));
    expect(
      await screen.findByText(
        'Thank you! Your new plan is active as soon as the payment is confirmed.',
      ),
    ).toBeInTheDocument();
    // Back on the profile page (loaded again), the subscription is read afresh.
    await waitFor(
      () =>
        expect(screen.getByRole('region', { name: 'Your subscription' })).toHaveTextContent(
          'Beginner Plan',
        ),
      { timeout: 5_000 },
    );
    expect(screen.getByRole('region', { name: 'Your subscription' })).toHaveClass(
      'subscription--active',
    );
    expect(calls.some((call) => call.key === 'POST /api/subscription/select-plan')).toBe(false);
  });

  it('says "Failed to select plan" when choosing fails', async () => {
    mockProfileApi({
      'POST /api/subscription/checkout': { status: 500, body: { success: false } },
    });
    renderApp(`/viewprofile/${MEMBER_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const upgrade = await screen.findByRole('dialog');
    await user.click(within(upgrade).getByRole('button', { name: 'Choose Professional' }));
    expect(await screen.findAllByText('Failed to select plan')).not.toHaveLength(0);
    // Toasts sit behind the open dialog, so the dialog says it too.
    expect(within(upgrade).getByText('Failed to select plan')).toBeVisible();
  });

  it('shows empty follower lists with their own texts', async () => {
    mockProfileApi();
    renderApp(`/viewprofile/${MEMBER_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '0 Followers' }));
    expect(await screen.findByText('No followers yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(screen.getByRole('button', { name: '0 Following' }));
    expect(await screen.findByText('Not following anyone yet')).toBeInTheDocument();
  });
});

describe('profile errors', () => {
  it.each([
    [404, 'Profile not found', 'Profile not found'],
    [500, 'Server error. Please try again later.', 'Failed to load profile'],
  ])('answers %s with "%s"', async (status, message, shown) => {
    mockProfileApi({
      [`GET /api/profile/${OTHER_ID}`]: { status, body: { success: false, message } },
    });
    renderApp(`/viewprofile/${OTHER_ID}`);
    expect(await screen.findByText(shown, {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('says "Invalid profile ID" for an id that cannot be one, without asking the server', async () => {
    const calls = mockProfileApi();
    renderApp('/viewprofile/not-an-id');
    expect(await screen.findByText('Invalid profile ID')).toBeInTheDocument();
    expect(withoutTrialBannerCall(calls)).toEqual([]);
  });

  it('offers the owner the wizard when they have no profile yet', async () => {
    mockProfileApi({
      [`GET /api/profile/${MEMBER_ID}`]: {
        status: 404,
        body: { success: false, message: 'Profile not found' },
      },
    });
    renderApp(`/viewprofile/${MEMBER_ID}`);
    expect(await screen.findByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      `/profileedit/${MEMBER_ID}`,
    );
  });

  it('asks to log in on a 401', async () => {
    mockProfileApi({
      [`GET /api/profile/${OTHER_ID}`]: {
        status: 401,
        body: { success: false, message: 'Please log in first' },
      },
    });
    renderApp(`/viewprofile/${OTHER_ID}`);
    expect(await screen.findByText('Please log in to view this profile')).toBeInTheDocument();
  });
});
