import type { PostDto } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../testing/render';
import { VIEWER_ID, author, buildPost } from './test-support';

describe('creating a post', () => {
  it('refreshes the General feed, where the new post then shows', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    const earlier = buildPost({ title: 'Sunset at the lake' });
    const fresh = buildPost({
      _id: '66666666-6666-4666-8666-666666666666',
      title: 'Fresh from the oven',
      userId: author({ _id: VIEWER_ID, firstName: 'Bea' }),
      canDelete: true,
    });
    const general: PostDto[] = [earlier];
    const calls = mockApi({
      'GET /api/posts': () => ({ body: { success: true, posts: [...general], nextCursor: null } }),
      [`GET /api/posts/user/${VIEWER_ID}`]: {
        body: { success: true, posts: [], nextCursor: null },
      },
      'POST /api/posts/create': () => {
        general.unshift(fresh);
        return {
          status: 201,
          body: { success: true, message: 'Post created successfully!', post: fresh },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/feed');
    const feed = await screen.findByRole('tabpanel');
    expect(await within(feed).findByRole('heading', { name: 'Sunset at the lake' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    // The dialog's code loads when it is first opened.
    await user.type(await screen.findByLabelText('Title'), 'Fresh from the oven');
    await user.click(screen.getByRole('button', { name: 'Share to Feed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The only way the feed learns of the post is asking the server again.
    expect(
      await within(feed).findByRole('heading', { name: 'Fresh from the oven' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'GET /api/posts')).toHaveLength(2);
  });
});
