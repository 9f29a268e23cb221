import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { ALICE_ID, renderWithProviders, VIEWER_ID } from '../../posts/test-support';
import { FollowButton } from './follow-button';
import { useFollow } from './use-follow';

function ProfileFollow() {
  const follow = useFollow(VIEWER_ID, ALICE_ID);
  return (
    <FollowButton
      name="Alice"
      isFollowing={follow.isFollowing}
      isRequested={follow.isRequested}
      onToggle={follow.toggle}
      disabled={!follow.followStateKnown || follow.toggling}
    />
  );
}

const counts = () => respond(200, { success: true, followersCount: 3, followingsCount: 1 });

describe('following a member who approves their followers', () => {
  it('shows Requested after a follow that became a request, and pressing it cancels', async () => {
    let requested = false;
    mockApi({
      [`GET /api/connections/getFollowersAndFollowings/${ALICE_ID}`]: counts,
      'POST /api/connections/isFollowing': () =>
        respond(200, { success: true, isConnection: false, isRequested: requested }),
      'POST /api/connections/follow': () => {
        requested = !requested;
        return respond(200, {
          success: true,
          isFollowing: false,
          isRequested: requested,
          message: requested ? 'Follow request sent' : 'Follow request cancelled',
          followersCount: 3,
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileFollow />);

    await user.click(await screen.findByRole('button', { name: 'Follow Alice' }));
    const pending = await screen.findByRole('button', { name: 'Follow request sent to Alice' });
    expect(pending).toHaveTextContent('Requested');
    expect(await screen.findByText('Follow request sent')).toBeInTheDocument();

    await user.click(pending);
    expect(await screen.findByText('Follow request cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow Alice' })).toHaveTextContent('Follow');
  });

  it("says a member accepts no followers (403 FOLLOW_NOT_ALLOWED) in the server's words", async () => {
    mockApi({
      [`GET /api/connections/getFollowersAndFollowings/${ALICE_ID}`]: counts,
      'POST /api/connections/isFollowing': () =>
        respond(200, { success: true, isConnection: false, isRequested: false }),
      'POST /api/connections/follow': () =>
        respond(403, {
          success: false,
          message: 'This member is not accepting new followers',
          code: 'FOLLOW_NOT_ALLOWED',
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileFollow />);
    await user.click(await screen.findByRole('button', { name: 'Follow Alice' }));
    expect(
      await screen.findByText('This member is not accepting new followers'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow Alice' })).toBeInTheDocument();
  });
});
