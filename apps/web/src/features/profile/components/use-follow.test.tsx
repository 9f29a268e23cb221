import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { ALICE_ID, renderWithProviders, VIEWER_ID } from '../../posts/test-support';
import { useFollow } from './use-follow';

function FollowButton() {
  const follow = useFollow(VIEWER_ID, ALICE_ID);
  return (
    <button type="button" onClick={follow.toggle}>
      {follow.isFollowing ? 'Unfollow' : 'Follow'}
    </button>
  );
}

describe('following past the flood limit', () => {
  it('says what is limited and when it frees up', async () => {
    const message = "You're following and unfollowing too often. You can do it again in 4 minutes.";
    mockApi({
      [`GET /api/connections/getFollowersAndFollowings/${ALICE_ID}`]: () =>
        respond(200, { success: true, followersCount: 3, followingsCount: 1 }),
      'POST /api/connections/isFollowing': () =>
        respond(200, { success: true, isConnection: false }),
      'POST /api/connections/follow': () =>
        respond(429, { success: false, message, retryAfterSeconds: 240 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<FollowButton />);

    await user.click(screen.getByRole('button', { name: 'Follow' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });
});
