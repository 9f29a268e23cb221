import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { buildComment, buildPost, renderWithProviders } from '../test-support';
import { CreatePostButton } from './create-post-button';
import { PostCard } from './post-card';

const PRIVACY = {
  whoCanFollow: 'everyone',
  defaultCommentPolicy: 'followers',
  whoCanMention: 'everyone',
  searchable: true,
  showLocation: true,
};

describe('who can comment', () => {
  it("Create Post starts at the member's default and sends the choice", async () => {
    const calls = mockApi({
      'GET /api/users/me/privacy': respond(200, { success: true, privacy: PRIVACY }),
      'POST /api/posts/create': respond(201, {
        success: true,
        message: 'Post created successfully!',
        post: buildPost(),
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePostButton />);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    // The dialog's code loads when it is first opened.
    const select = await screen.findByRole('combobox', { name: 'Who can comment' });
    await waitFor(() => expect(select).toHaveValue('followers'));

    await user.type(screen.getByLabelText('Title'), 'Quiet one');
    await user.selectOptions(select, 'nobody');
    await user.click(screen.getByRole('button', { name: 'Share to Feed' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = calls.find((call) => call.key === 'POST /api/posts/create')?.body as FormData;
    expect(form.get('commentPolicy')).toBe('nobody');
  });

  it('shows who may comment instead of the form, and no Reply, when the viewer may not', async () => {
    const post = buildPost({ commentPolicy: 'followers', canComment: false, commentsCount: 1 });
    mockApi({
      [`GET /api/posts/${post._id}/comments`]: respond(200, {
        success: true,
        comments: [buildComment({ content: 'From a follower' })],
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PostCard post={post} />);
    await user.click(screen.getByRole('button', { name: /Comments/ }));

    const comments = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(comments).findByText('From a follower')).toBeInTheDocument();
    expect(
      within(comments).getByText('Only members who follow the author can comment on this post'),
    ).toBeInTheDocument();
    expect(within(comments).queryByRole('textbox')).toBeNull();
    expect(within(comments).queryByRole('button', { name: /^Reply to/ })).toBeNull();
  });

  it('shows the comment form when the viewer may comment', async () => {
    const post = buildPost({ commentPolicy: 'followers', canComment: true });
    mockApi({
      [`GET /api/posts/${post._id}/comments`]: respond(200, { success: true, comments: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PostCard post={post} />);
    await user.click(screen.getByRole('button', { name: /Comments/ }));
    const comments = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(comments).findByRole('textbox')).toBeInTheDocument();
    expect(within(comments).queryByText(/can comment on this post/)).toBeNull();
  });
});
