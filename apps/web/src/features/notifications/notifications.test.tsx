import type { NotificationItem, NotificationPage } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { respond } from '../../testing/api';
import { mockApi, renderApp } from '../../testing/render';
import { buildComment, buildPost } from '../posts/test-support';
import {
  ANA_ID,
  buildNotification,
  COMMENT_ID,
  installFakeEventSource,
  MEMBER_ID,
  openStreams,
  POST_ID,
} from './test-support';

const SLOW = { timeout: 5_000 };

function page(
  notifications: NotificationItem[],
  unreadCount: number,
  nextCursor: string | null = null,
) {
  return respond(200, {
    success: true,
    notifications,
    nextCursor,
    unreadCount,
  } satisfies NotificationPage);
}

/** The member area's live stream, once the app has opened it (it is loaded after the page). */
async function liveStream() {
  await waitFor(() => expect(openStreams()).toHaveLength(1));
  return openStreams();
}

beforeEach(() => {
  window.localStorage.setItem('userId', MEMBER_ID);
  document.title = 'Kindred';
});

describe('the bell and the live count', () => {
  it('shows the count the live stream sends in the bell, the Alerts tab and the tab title', async () => {
    installFakeEventSource();
    mockApi({ 'GET /api/notifications': page([], 0) });
    renderApp('/notifications');
    expect(
      await screen.findByRole('heading', { name: 'No notifications yet.' }, SLOW),
    ).toBeVisible();

    const [stream] = await liveStream();
    expect(stream?.url).toBe('/api/notifications/stream');
    stream!.open();
    stream!.emit('unread', { unreadCount: 3 });

    const header = screen.getByRole('banner');
    expect(
      await within(header).findByRole('link', { name: 'Notifications, 3 unread' }),
    ).toHaveAttribute('href', '/notifications');
    const quick = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(within(quick).getByRole('link', { name: 'Alerts, 3 unread' })).toBeInTheDocument();
    expect(document.title).toBe('(3) Kindred');

    stream!.emit('unread', { unreadCount: 0 });
    expect(await within(header).findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(document.title).toBe('Kindred');
  });

  it('keeps one stream while moving between member pages, and closes it on leaving them', async () => {
    installFakeEventSource();
    mockApi({
      'GET /api/notifications': page([buildNotification({ type: 'follow', post: undefined })], 1),
      'GET /api/users/me/notification-settings': respond(500, { success: false, message: 'x' }),
    });
    const app = renderApp('/notifications');
    expect(await screen.findByText('Ana started following you', {}, SLOW)).toBeInTheDocument();
    await app.router.navigate('/settings/notifications');
    expect(await screen.findByRole('heading', { name: 'Settings' }, SLOW)).toBeInTheDocument();
    expect(openStreams()).toHaveLength(1);

    window.localStorage.clear();
    await app.router.navigate('/');
    await waitFor(() => expect(openStreams()).toHaveLength(0));
  });
});

describe('the notifications page', () => {
  it('says each type in words, marks unread ones, and puts a live item at the top', async () => {
    installFakeEventSource();
    const items = [
      buildNotification({ type: 'like', actorCount: 5, comment: undefined }),
      buildNotification({ type: 'comment', readAt: new Date().toISOString() }),
      buildNotification({ type: 'reply' }),
      buildNotification({ type: 'mention' }),
      buildNotification({ type: 'follow', post: undefined, comment: undefined }),
      buildNotification({ type: 'follow_request', post: undefined, comment: undefined }),
      buildNotification({
        type: 'password_changed',
        actors: [],
        actorCount: 0,
        post: undefined,
        comment: undefined,
      }),
    ];
    mockApi({ 'GET /api/notifications': page(items, 6) });
    renderApp('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' }, SLOW);
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent('Unread: Ana and 4 others liked your post');
    expect(rows[0]).toHaveAttribute('href', `/posts/${POST_ID}`);
    expect(rows[1]).toHaveTextContent('Ana commented on your post');
    expect(rows[1]).not.toHaveTextContent('Unread');
    expect(rows[1]).toHaveAttribute('href', `/posts/${POST_ID}?comment=${COMMENT_ID}`);
    expect(rows[2]).toHaveTextContent('Ana replied to your comment');
    expect(rows[3]).toHaveTextContent('Ana mentioned you');
    expect(rows[4]).toHaveTextContent('Ana started following you');
    expect(rows[4]).toHaveAttribute('href', `/viewprofile/${ANA_ID}`);
    expect(rows[5]).toHaveTextContent('Ana asked to follow you');
    expect(rows[6]).toHaveTextContent('Your password was changed.');
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('link', { name: 'Notifications, 6 unread' }),
    );

    const [stream] = await liveStream();
    stream!.emit(
      'notification',
      buildNotification({
        type: 'follow',
        post: undefined,
        actors: [{ _id: ANA_ID, firstName: 'Bruno', lastName: 'Costa', profilePicture: null }],
      }),
    );
    stream!.emit('unread', { unreadCount: 7 });
    // The query cache tells the screen on its next tick.
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(8));
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Bruno started following you');
    expect(screen.getByRole('link', { name: 'Notifications, 7 unread' })).toBeInTheDocument();

    // A grouped item that grew (one more like) moves to the top instead of appearing twice.
    stream!.emit('notification', {
      ...items[0]!,
      actorCount: 6,
      createdAt: new Date().toISOString(),
    });
    await waitFor(() =>
      expect(within(list).getAllByRole('link')[0]).toHaveTextContent(
        'Ana and 5 others liked your post',
      ),
    );
    expect(within(list).getAllByRole('link')).toHaveLength(8);
    expect(within(list).queryByText(/Ana and 4 others/)).not.toBeInTheDocument();
  });

  it('marks all as read: sends all: true, shows every item read and the bell without a count', async () => {
    const items = [buildNotification({ type: 'reply' }), buildNotification({ type: 'mention' })];
    const calls = mockApi({
      'GET /api/notifications': page(items, 2),
      'POST /api/notifications/read': respond(200, {
        success: true,
        message: 'Notifications marked as read',
        unreadCount: 0,
      }),
    });
    const user = userEvent.setup();
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, SLOW);
    expect(within(list).getAllByText('Unread:')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(within(list).queryAllByText('Unread:')).toHaveLength(0));
    expect(calls.find((call) => call.key === 'POST /api/notifications/read')?.body).toEqual({
      all: true,
    });
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Notifications' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says a failed "mark all" in a toast and shows the items unread again', async () => {
    mockApi({
      'GET /api/notifications': page([buildNotification()], 1),
      'POST /api/notifications/read': respond(500, { success: false, message: 'Server error' }),
    });
    const user = userEvent.setup();
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Server error')).toBeInTheDocument();
    expect(await within(list).findByText('Unread:')).toBeInTheDocument();
  });

  it('opens a comment: marks the item read and shows the post with that comment highlighted', async () => {
    const item = buildNotification({ type: 'comment' });
    const target = buildComment({ _id: COMMENT_ID, content: 'Lovely!' });
    const calls = mockApi({
      'GET /api/notifications': page([item], 1),
      'POST /api/notifications/read': respond(200, {
        success: true,
        message: 'Notifications marked as read',
        unreadCount: 0,
      }),
      [`GET /api/posts/${POST_ID}`]: respond(200, {
        success: true,
        post: buildPost({ _id: POST_ID, commentsCount: 2 }),
      }),
      [`GET /api/posts/${POST_ID}/comments`]: respond(200, {
        success: true,
        comments: [buildComment({ content: 'First!' }), target],
      }),
    });
    const user = userEvent.setup();
    const app = renderApp('/notifications');
    await user.click(await screen.findByRole('link', { name: /Ana commented on your post/ }, SLOW));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sunset at the lake' }, SLOW),
    ).toBeVisible();
    expect(app.router.state.location.search).toBe(`?comment=${COMMENT_ID}`);
    const highlighted = await screen.findByRole('article', { current: true });
    expect(highlighted).toHaveTextContent('Lovely!');
    expect(highlighted).toHaveAttribute('id', `comment-${COMMENT_ID}`);
    expect(highlighted).toHaveFocus();
    expect(calls.find((call) => call.key === 'POST /api/notifications/read')?.body).toEqual({
      ids: [item._id],
    });
  });

  it('says when there is nothing yet', async () => {
    mockApi({ 'GET /api/notifications': page([], 0) });
    renderApp('/notifications');
    expect(
      await screen.findByRole('heading', { name: 'No notifications yet.' }, SLOW),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('loads older pages with "Load more" from the cursor', async () => {
    const calls = mockApi({
      'GET /api/notifications': (_body, url) =>
        url.searchParams.get('cursor') === 'older'
          ? page([buildNotification({ type: 'mention' })], 0)
          : page(
              [buildNotification({ type: 'reply', readAt: new Date().toISOString() })],
              0,
              'older',
            ),
    });
    const user = userEvent.setup();
    renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Load more' }, SLOW));
    expect(await screen.findByText('Ana mentioned you')).toBeInTheDocument();
    expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'GET /api/notifications')).toHaveLength(2);
  });
});

describe('the single-post page', () => {
  it('says a post the member may not see is not found', async () => {
    mockApi({
      [`GET /api/posts/${POST_ID}`]: respond(404, {
        success: false,
        message: 'Post not found',
        code: 'NOT_FOUND',
      }),
    });
    renderApp(`/posts/${POST_ID}#comment-${COMMENT_ID}`);
    expect(await screen.findByText('Post not found', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/feed');
  });
});
