import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { renderWithProviders } from '../test-support';
import { useLikePost } from './like-post';

const POST_ID = '44444444-4444-4444-8444-444444444444';

function LikeButton() {
  const like = useLikePost();
  return (
    <button type="button" onClick={() => like.mutate(POST_ID)}>
      Like
    </button>
  );
}

describe('liking past the flood limit', () => {
  it('says what is limited and when it frees up', async () => {
    const message = "You're liking posts too often. You can like again in 4 minutes.";
    mockApi({
      'POST /api/posts/like': () =>
        respond(429, { success: false, message, retryAfterSeconds: 240 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LikeButton />);

    await user.click(screen.getByRole('button', { name: 'Like' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Error liking post')).toBeNull();
  });
});
