import type { LikeResponse } from '@kindred/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, respond, type Answer } from '../../../testing/api';
import { VIEWER_ID, buildPost, deferred, renderWithProviders } from '../test-support';
import { PostFeed } from './post-feed';
import styles from './post-feed.module.css';

function likeButton() {
  return screen.getByRole('button', { name: /^Like/ });
}

describe('liking a post', () => {
  it('shows the like at once, then keeps what the server says', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    const answer = deferred<Answer>();
    const calls = mockApi({
      'GET /api/posts': () =>
        respond(200, { success: true, posts: [buildPost()], nextCursor: null }),
      'POST /api/posts/like': () => answer.promise,
    });
    const user = userEvent.setup();
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);

    await screen.findByRole('heading', { name: 'Sunset at the lake' });
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton()).toHaveTextContent('2');
    await user.click(likeButton());

    // Optimistic: pressed with one more like before the server answers.
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveTextContent('3');
    expect(calls.find((call) => call.key === 'POST /api/posts/like')?.body).toEqual({
      postId: buildPost()._id,
      userId: VIEWER_ID,
    });

    // The server says the post is liked, by 7 members in all: that is what stays.
    answer.resolve(
      respond(200, { success: true, isLiked: true, likesCount: 7 } satisfies LikeResponse),
    );
    await waitFor(() => expect(likeButton()).toHaveTextContent('7'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('lets the server decide when it disagrees (it had already been unliked elsewhere)', async () => {
    mockApi({
      'GET /api/posts': () =>
        respond(200, { success: true, posts: [buildPost()], nextCursor: null }),
      'POST /api/posts/like': () => respond(200, { success: true, isLiked: false, likesCount: 1 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    await screen.findByRole('heading', { name: 'Sunset at the lake' });
    await user.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveTextContent('1'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls back and says "Error liking post" when the like fails', async () => {
    const answer = deferred<Answer>();
    mockApi({
      'GET /api/posts': () =>
        respond(200, {
          success: true,
          posts: [buildPost({ isLiked: true, likesCount: 4 })],
          nextCursor: null,
        }),
      'POST /api/posts/like': () => answer.promise,
    });
    const user = userEvent.setup();
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    await screen.findByRole('heading', { name: 'Sunset at the lake' });

    await user.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton()).toHaveTextContent('3');

    answer.resolve(
      respond(500, { success: false, message: 'Server error. Please try again later.' }),
    );
    expect(await screen.findByText('Error liking post')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveTextContent('4');
  });
});

describe('a feed', () => {
  it('shows the General empty state', async () => {
    mockApi({
      'GET /api/posts': () => respond(200, { success: true, posts: [], nextCursor: null }),
    });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    expect(await screen.findByRole('heading', { name: 'No Posts Available' })).toBeInTheDocument();
    expect(screen.getByText('Be the first to share something!')).toBeInTheDocument();
  });

  it('shows the following empty state, asking for the viewer’s followed posts', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    const calls = mockApi({
      [`GET /api/posts/following/${VIEWER_ID}`]: () =>
        respond(200, { success: true, posts: [], nextCursor: null }),
    });
    renderWithProviders(<PostFeed source={{ kind: 'following' }} />);
    expect(
      await screen.findByText('Start following people to see their posts here!'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('loads the next page from nextCursor with "Load more"', async () => {
    const calls = mockApi({
      'GET /api/posts': (_body, url) =>
        url.searchParams.get('cursor') === 'c1'
          ? respond(200, {
              success: true,
              posts: [buildPost({ _id: '77777777-7777-4777-8777-777777777777', title: 'Older' })],
              nextCursor: null,
            })
          : respond(200, { success: true, posts: [buildPost()], nextCursor: 'c1' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    await screen.findByRole('heading', { name: 'Sunset at the lake' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Older' })).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(readonly callback: IntersectionObserverCallback) {
          observed.push({ callback });
        }
        observe(target: Element) {
          observed.at(-1)!.target = target;
        }
        disconnect() {}
      },
    );
    const calls = mockApi({
      'GET /api/posts': (_body, url) =>
        url.searchParams.get('cursor') === 'c1'
          ? respond(200, {
              success: true,
              posts: [buildPost({ _id: '77777777-7777-4777-8777-777777777777', title: 'Older' })],
              nextCursor: null,
            })
          : respond(200, { success: true, posts: [buildPost()], nextCursor: 'c1' }),
    });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    await screen.findByRole('heading', { name: 'Sunset at the lake' });
    // The watcher is set up in an effect, which can run after the heading is on screen.
    await waitFor(() => expect(observed.at(-1)?.target).toHaveClass(styles.postFeedSentinel!));
    const watcher = observed.at(-1)!;

    act(() =>
      watcher.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Older' })).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'GET /api/posts')).toHaveLength(2);
  });

  it('says "Failed to fetch posts" when the feed cannot load', async () => {
    mockApi({ 'GET /api/posts': () => respond(500, { success: false, message: 'boom' }) });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const toast = await screen.findAllByText(/Failed to fetch posts/);
    expect(toast.length).toBeGreaterThan(0);
  });

  it('shows the card: author with badge, time, privacy, media, delete only when allowed', async () => {
    mockApi({
      'GET /api/posts/user/22222222-2222-4222-8222-222222222222': () =>
        respond(200, {
          success: true,
          posts: [
            buildPost({
              privacy: 'followers',
              media: {
                url: '/api/media/v.mp4',
                type: 'video',
                width: 640,
                height: 360,
                altText: null,
              },
              canDelete: true,
            }),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(
      <PostFeed source={{ kind: 'user', userId: '22222222-2222-4222-8222-222222222222' }} />,
    );
    const card = await screen.findByRole('article', { name: 'Sunset at the lake' });
    expect(within(card).getByRole('link', { name: 'Alice Archer' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Followers' })).toBeInTheDocument();
    expect(within(card).getByText('5m ago')).toBeInTheDocument();
    const video = card.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(within(card).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
  });
});
