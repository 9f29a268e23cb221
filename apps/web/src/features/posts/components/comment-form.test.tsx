import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { ALICE_ID, author, buildComment, renderWithProviders } from '../test-support';
import { CommentForm } from './comment-form';

const POST_ID = '44444444-4444-4444-8444-444444444444';

describe('the comment form', () => {
  it('shows a picked member as "@Alice Archer" and sends the stored @[Name](id)', async () => {
    const calls = mockApi({
      'GET /api/users/search': () => respond(200, { success: true, users: [author()] }),
      [`POST /api/posts/${POST_ID}/comments`]: () =>
        respond(201, {
          success: true,
          message: 'Comment added successfully',
          comment: buildComment(),
        }),
      [`GET /api/posts/${POST_ID}/comments`]: () => respond(200, { success: true, comments: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CommentForm postId={POST_ID} />);
    const box = screen.getByRole('textbox', { name: 'Write a comment' });

    await user.type(box, 'Thanks @Ali');
    await user.click(await screen.findByRole('option', { name: 'Alice Archer' }));
    await user.type(box, 'for this');
    expect(box).toHaveValue('Thanks @Alice Archer for this');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    await screen.findByText('Comment added successfully');
    expect(calls.find((call) => call.key === `POST /api/posts/${POST_ID}/comments`)?.body).toEqual(
      expect.objectContaining({ content: `Thanks @[Alice Archer](${ALICE_ID}) for this` }),
    );
    expect(box).toHaveValue('');
  });

  it('says what is limited and when it frees up past the comment flood limit', async () => {
    const message = "You're commenting too often. You can comment again in 4 minutes.";
    mockApi({
      [`POST /api/posts/${POST_ID}/comments`]: () =>
        respond(429, { success: false, message, retryAfterSeconds: 240 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CommentForm postId={POST_ID} />);

    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Failed to add comment')).toBeNull();
  });
});
