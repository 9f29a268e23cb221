import type { PostDto, RestrictedMember } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { respond } from '../../testing/api';
import { mockApi, renderApp } from '../../testing/render';
import {
  ALICE_ID,
  BOB_ID,
  VIEWER_ID,
  author,
  buildComment,
  buildPost,
} from '../posts/test-support';
import { buildProfile, OTHER_ID } from '../profile/testing/fixtures';

const page = (posts: PostDto[]) => ({ body: { success: true, posts, nextCursor: null } });

function openFeed() {
  window.localStorage.setItem('userId', VIEWER_ID);
  return renderApp('/feed');
}

describe('Block and Mute in the ⋯ menus', () => {
  it("blocks a post's author after a confirmation, and their posts leave the feed", async () => {
    const alices = buildPost({ title: 'Sunset at the lake' });
    const bobs = buildPost({
      _id: '77777777-7777-4777-8777-777777777777',
      title: 'Morning run',
      userId: author({ _id: BOB_ID, firstName: 'Bob', lastName: 'Baker' }),
    });
    let blocked = false;
    const calls = mockApi({
      'GET /api/posts': () => page(blocked ? [bobs] : [alices, bobs]),
      'POST /api/blocks': () => {
        blocked = true;
        return respond(200, { success: true, message: 'Member blocked' });
      },
    });
    const user = userEvent.setup();
    openFeed();
    const feed = await screen.findByRole('tabpanel');
    const card = (await within(feed).findByRole('heading', { name: 'Sunset at the lake' })).closest(
      'article',
    )!;

    await user.click(
      within(card).getByRole('button', { name: 'More actions for the post “Sunset at the lake”' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Block Alice Archer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Alice Archer?' });
    expect(dialog).toHaveTextContent(/no longer see each other/);
    expect(dialog).toHaveTextContent(/Alice Archer is not told/);
    expect(calls.some((call) => call.key === 'POST /api/blocks')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.key === 'POST /api/blocks')?.body).toEqual({
      userId: ALICE_ID,
    });
    expect(await screen.findByText('Alice Archer is blocked')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(feed).queryByRole('heading', { name: 'Sunset at the lake' })).toBeNull(),
    );
    expect(within(feed).getByRole('heading', { name: 'Morning run' })).toBeInTheDocument();
  });

  it("blocks a comment's author from the comment's menu, and their comment goes", async () => {
    const post = buildPost({
      userId: author({ _id: VIEWER_ID, firstName: 'Bea' }),
      commentsCount: 1,
    });
    const bobs = buildComment({
      content: 'Nice one',
      userId: author({ _id: BOB_ID, firstName: 'Bob', lastName: 'Baker' }),
    });
    let blocked = false;
    const calls = mockApi({
      'GET /api/posts': page([post]),
      [`GET /api/posts/${post._id}/comments`]: () => ({
        body: { success: true, comments: blocked ? [] : [bobs] },
      }),
      'POST /api/blocks': () => {
        blocked = true;
        return respond(200, { success: true, message: 'Member blocked' });
      },
    });
    const user = userEvent.setup();
    openFeed();
    await user.click(await screen.findByRole('button', { name: /^Comments/ }, { timeout: 5_000 }));
    const comment = await screen.findByRole('article', { name: 'Comment by Bob Baker' });
    await user.click(
      within(comment).getByRole('button', { name: 'More actions for the comment by Bob Baker' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Block Bob Baker' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block Bob Baker?' })).getByRole('button', {
        name: 'Block',
      }),
    );
    expect(await screen.findByText('Bob Baker is blocked')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/blocks')?.body).toEqual({
      userId: BOB_ID,
    });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Comment by Bob Baker' })).toBeNull(),
    );
  });

  it('Cancel leaves everything as it was', async () => {
    const calls = mockApi({ 'GET /api/posts': page([buildPost()]) });
    const user = userEvent.setup();
    openFeed();
    await user.click(
      await screen.findByRole('button', { name: /^More actions for the post/ }, { timeout: 5_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Block Alice Archer' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.key === 'POST /api/blocks')).toBe(false);
  });

  it('mutes a post’s author from the menu', async () => {
    const calls = mockApi({
      'GET /api/posts': page([buildPost()]),
      'POST /api/mutes': respond(200, { success: true, message: 'Member muted' }),
    });
    const user = userEvent.setup();
    openFeed();
    await user.click(
      await screen.findByRole('button', { name: /^More actions for the post/ }, { timeout: 5_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Mute Alice Archer' }));
    expect(await screen.findByText(/Alice Archer is muted/)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/mutes')?.body).toEqual({
      userId: ALICE_ID,
    });
  });

  it('offers no Block or Mute on the viewer’s own post', async () => {
    mockApi({
      'GET /api/posts': page([
        buildPost({ userId: author({ _id: VIEWER_ID, firstName: 'Bea' }), canDelete: true }),
      ]),
    });
    openFeed();
    const feed = await screen.findByRole('tabpanel');
    await within(feed).findByRole('heading', { name: 'Sunset at the lake' });
    // The menu may hold the author's own actions (Edit); never Block or Mute.
    const more = within(feed).queryByRole('button', { name: /^More actions/ });
    if (more) {
      await userEvent.setup().click(more);
      await screen.findByRole('menu');
    }
    expect(screen.queryByRole('menuitem', { name: /Block|Mute/ })).toBeNull();
  });

  it("says the server's refusal when a block fails", async () => {
    mockApi({
      'GET /api/posts': page([buildPost()]),
      'POST /api/blocks': respond(404, {
        success: false,
        message: 'User not found',
        code: 'MEMBER_NOT_FOUND',
      }),
    });
    const user = userEvent.setup();
    openFeed();
    await user.click(
      await screen.findByRole('button', { name: /^More actions for the post/ }, { timeout: 5_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Block Alice Archer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }),
    );
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });

  it('on a profile: Unmute for a muted member, and Block leaves for the feed', async () => {
    let blocked = false;
    const calls = mockApi({
      // Once blocked, the member's profile is "Profile not found", as the API answers.
      [`GET /api/profile/${OTHER_ID}`]: () =>
        blocked
          ? respond(404, {
              success: false,
              message: 'Profile not found',
              code: 'PROFILE_NOT_FOUND',
            })
          : {
              body: {
                success: true,
                profile: buildProfile({
                  _id: OTHER_ID,
                  userId: OTHER_ID,
                  firstName: 'Ana',
                  lastName: 'Lee',
                }),
              },
            },
      [`GET /api/connections/getFollowersAndFollowings/${OTHER_ID}`]: {
        body: { success: true, followersCount: 1, followingsCount: 1 },
      },
      'POST /api/connections/isFollowing': { body: { success: true, isConnection: false } },
      [`GET /api/posts/user/${OTHER_ID}`]: page([]),
      [`GET /api/mutes/${OTHER_ID}`]: { body: { success: true, muted: true } },
      [`DELETE /api/mutes/${OTHER_ID}`]: { body: { success: true, message: 'Member unmuted' } },
      'POST /api/blocks': () => {
        blocked = true;
        return { body: { success: true, message: 'Member blocked' } };
      },
      'GET /api/posts': page([]),
    });
    window.localStorage.setItem('userId', VIEWER_ID);
    const user = userEvent.setup();
    renderApp(`/viewprofile/${OTHER_ID}`);

    const more = await screen.findByRole(
      'button',
      { name: 'More actions for Ana Lee' },
      { timeout: 5_000 },
    );
    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute Ana Lee' }));
    expect(await screen.findByText('Ana Lee is unmuted')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `DELETE /api/mutes/${OTHER_ID}`)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'More actions for Ana Lee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block Ana Lee' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }),
    );
    expect(await screen.findByText('Ana Lee is blocked')).toBeInTheDocument();
    // Back on the feed: the blocked member's page cannot be shown any more.
    expect(await screen.findByRole('tabpanel')).toBeInTheDocument();
  });
});

const member = (id: string, firstName: string, lastName: string): RestrictedMember => ({
  user: {
    _id: id,
    firstName,
    lastName,
    profilePicture: null,
    verifiedBadge: false,
    photoVerified: false,
  },
  since: '2026-11-20T10:00:00.000Z',
});

describe('Settings → Blocked & muted', () => {
  it('lists blocked and muted members, loads more, and unblocks', async () => {
    const blocked = [member(ALICE_ID, 'Alice', 'Archer')];
    const calls = mockApi({
      'GET /api/blocks': (_body, url) =>
        url.searchParams.get('cursor') === 'next'
          ? { body: { success: true, users: [member(OTHER_ID, 'Ana', 'Lee')], nextCursor: null } }
          : {
              body: {
                success: true,
                users: [...blocked],
                nextCursor: blocked.length ? 'next' : null,
              },
            },
      'GET /api/mutes': {
        body: { success: true, users: [member(BOB_ID, 'Bob', 'Baker')], nextCursor: null },
      },
      [`DELETE /api/blocks/${ALICE_ID}`]: () => {
        blocked.length = 0;
        return { body: { success: true, message: 'Member unblocked' } };
      },
    });
    window.localStorage.setItem('userId', VIEWER_ID);
    const user = userEvent.setup();
    renderApp('/settings/blocked');

    const blockedList = await screen.findByRole(
      'list',
      { name: 'Blocked members' },
      { timeout: 5_000 },
    );
    expect(within(blockedList).getByText('Alice Archer')).toBeInTheDocument();
    const mutedList = await screen.findByRole('list', { name: 'Muted members' });
    expect(within(mutedList).getByRole('link', { name: 'Bob Baker' })).toBeInTheDocument();
    expect(within(mutedList).getByRole('button', { name: 'Unmute Bob Baker' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(blockedList).findByText('Ana Lee')).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.key === 'GET /api/blocks')
        .at(-1)
        ?.url.searchParams.get('cursor'),
    ).toBe('next');

    await user.click(within(blockedList).getByRole('button', { name: 'Unblock Alice Archer' }));
    expect(await screen.findByText('Alice Archer is unblocked')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `DELETE /api/blocks/${ALICE_ID}`)).toBe(true);
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});
