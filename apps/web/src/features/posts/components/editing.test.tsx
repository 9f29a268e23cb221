import type { CommentDto, PostDto } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import {
  ALICE_ID,
  VIEWER_ID,
  author,
  buildComment,
  buildPost,
  renderWithProviders,
} from '../test-support';
import { PostFeed } from './post-feed';

const me = author({ _id: VIEWER_ID, firstName: 'Vera', lastName: 'Viewer' });
const POST_ID = buildPost()._id;

beforeEach(() => {
  window.localStorage.setItem('userId', VIEWER_ID);
});

function feedOf(...posts: PostDto[]) {
  return () => respond(200, { success: true, posts, nextCursor: null });
}

async function openMenuOf(title: string) {
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: `More actions for the post “${title}”` }),
  );
  return user;
}

describe('editing a post', () => {
  it('opens "Edit post" from the ⋯ menu prefilled, saves title, description and privacy, and the card shows "edited"', async () => {
    const post = buildPost({ userId: me, canEdit: true, canDelete: true, privacy: 'public' });
    const edited: PostDto = {
      ...post,
      title: 'Sunrise at the lake',
      description: 'Earlier than I thought.',
      privacy: 'followers',
      editedAt: new Date().toISOString(),
    };
    const calls = mockApi({
      'GET /api/posts': feedOf(post),
      [`PATCH /api/posts/${POST_ID}`]: () =>
        respond(200, { success: true, message: 'Post updated successfully', post: edited }),
    });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    const user = await openMenuOf('Sunset at the lake');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit post' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Sunset at the lake');
    expect(title).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue(
      'What an evening.',
    );
    expect(within(dialog).getByRole('radio', { name: /Everyone/ })).toBeChecked();

    await user.clear(title);
    await user.type(title, 'Sunrise at the lake');
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Earlier than I thought.');
    await user.click(within(dialog).getByRole('radio', { name: /Followers/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.key === `PATCH /api/posts/${POST_ID}`)?.body).toEqual({
      title: 'Sunrise at the lake',
      description: 'Earlier than I thought.',
      privacy: 'followers',
    });
    const card = screen.getByRole('article', { name: 'Sunrise at the lake' });
    expect(within(card).getByText('edited')).toBeInTheDocument();
    expect(within(card).getByText('Earlier than I thought.')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Followers' })).toBeInTheDocument();
    expect(await screen.findByText('Post updated successfully')).toBeInTheDocument();
  });

  it('refuses a blank title in the dialog without asking the server', async () => {
    const post = buildPost({ userId: me, canEdit: true });
    const calls = mockApi({ 'GET /api/posts': feedOf(post) });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    const user = await openMenuOf('Sunset at the lake');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Title/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PATCH'))).toBe(false);
  });

  it("says the server's refusal inside the dialog and keeps the post as it was", async () => {
    const post = buildPost({ userId: me, canEdit: true });
    mockApi({
      'GET /api/posts': feedOf(post),
      [`PATCH /api/posts/${POST_ID}`]: () =>
        respond(403, {
          success: false,
          message: 'You can only edit your own posts',
          code: 'FORBIDDEN',
        }),
    });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    const user = await openMenuOf('Sunset at the lake');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('You can only edit your own posts')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sunset at the lake' })).toBeInTheDocument();
  });

  it("offers no Edit on someone else's post", async () => {
    mockApi({
      'GET /api/posts': feedOf(buildPost({ userId: author({ _id: ALICE_ID }), canEdit: false })),
      'GET /api/mutes/22222222-2222-4222-8222-222222222222': () =>
        respond(200, { success: true, muted: false }),
    });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    await screen.findByRole('heading', { name: 'Sunset at the lake' });
    const trigger = screen.queryByRole('button', {
      name: 'More actions for the post “Sunset at the lake”',
    });
    if (trigger) {
      await userEvent.setup().click(trigger);
      await screen.findByRole('menu');
    }
    expect(screen.queryByRole('menuitem', { name: 'Edit post' })).toBeNull();
    expect(screen.queryByText('edited')).toBeNull();
  });
});

describe('editing a comment', () => {
  it('edits in place with the mention box, keeps the mentions picked and shows "edited"', async () => {
    const comment = buildComment({
      userId: me,
      canEdit: true,
      canDelete: true,
      content: `Thanks @[Alice Archer](${ALICE_ID})`,
      mentions: [{ _id: ALICE_ID, firstName: 'Alice', lastName: 'Archer' }],
    });
    const post = buildPost({ commentsCount: 1 });
    const edited: CommentDto = {
      ...comment,
      content: `Thanks a lot @[Alice Archer](${ALICE_ID})`,
      editedAt: new Date().toISOString(),
    };
    const calls = mockApi({
      'GET /api/posts': feedOf(post),
      [`GET /api/posts/${POST_ID}/comments`]: () =>
        respond(200, { success: true, comments: [comment] }),
      [`PATCH /api/posts/${POST_ID}/comments/${comment._id}`]: () =>
        respond(200, { success: true, message: 'Comment updated successfully', comment: edited }),
      'GET /api/mutes/22222222-2222-4222-8222-222222222222': () =>
        respond(200, { success: true, muted: false }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    await user.click(await screen.findByRole('button', { name: /^Comments/ }));
    const article = await screen.findByRole('article', { name: 'Comment by Vera Viewer' });
    await user.click(
      within(article).getByRole('button', { name: 'More actions for the comment by Vera Viewer' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit comment' }));

    const box = within(article).getByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveValue('Thanks @Alice Archer');
    await user.click(box);
    await user.type(box, ' a lot', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(box).toHaveValue('Thanks a lot @Alice Archer');
    await user.click(within(article).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(
        calls.find((call) => call.key === `PATCH /api/posts/${POST_ID}/comments/${comment._id}`)
          ?.body,
      ).toEqual({ content: `Thanks a lot @[Alice Archer](${ALICE_ID})` }),
    );
    const updated = await screen.findByRole('article', { name: 'Comment by Vera Viewer' });
    await within(updated).findByText('edited');
    expect(within(updated).getByRole('link', { name: '@Alice Archer' })).toBeInTheDocument();
    expect(within(updated).queryByRole('textbox')).toBeNull();
    expect(updated).toHaveTextContent('Thanks a lot @Alice Archer');
  });
});
