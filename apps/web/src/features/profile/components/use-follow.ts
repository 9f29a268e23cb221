import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../../components/ui/toasts';
import { ApiError, limitMessageOr, messageOf } from '../../../lib/api-client';
import {
  followStateOf,
  toggleFollow,
  useConnectionCounts,
  useIsFollowing,
  type ConnectionCounts,
  type FollowState,
} from '../api/connections';
import { postKeys } from '../../posts';
import { connectionKeys } from '../api/query-keys';
import { PROFILE_UI_MESSAGES as M } from '../messages';

/**
 * Follow state and counts of a profile (SPEC §4 "Follow"): the button toggles at once and the
 * follower count moves by one; the server's answer then settles both, and a failure puts them back.
 * A member who approves their followers turns the follow into a request ("Requested", no count
 * change); pressing it again withdraws the request.
 */
export function useFollow(viewerId: string, userId: string) {
  const queryClient = useQueryClient();
  const isOwn = viewerId === userId;
  const counts = useConnectionCounts(userId);
  const following = useIsFollowing(viewerId, userId, { enabled: !isOwn });
  const countsKey = connectionKeys.counts(userId);
  const followingKey = connectionKeys.isFollowing(viewerId, userId);

  useEffect(() => {
    if (counts.isError) notify.error(M.countsFailed);
  }, [counts.isError]);
  useEffect(() => {
    if (following.isError) notify.error(M.followCheckFailed);
  }, [following.isError]);

  const toggle = useMutation({
    mutationFn: () => toggleFollow(viewerId, userId),
    onMutate: async () => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: countsKey }),
        queryClient.cancelQueries({ queryKey: followingKey }),
      ]);
      const before = {
        state: queryClient.getQueryData<FollowState>(followingKey) ?? 'none',
        counts: queryClient.getQueryData<ConnectionCounts>(countsKey),
      };
      // Unfollowing and withdrawing a request are certain; a new follow may turn into a request,
      // which the server's answer then says.
      const next: FollowState = before.state === 'none' ? 'following' : 'none';
      queryClient.setQueryData<FollowState>(followingKey, next);
      const change = next === 'following' ? 1 : before.state === 'following' ? -1 : 0;
      if (before.counts && change !== 0) {
        queryClient.setQueryData<ConnectionCounts>(countsKey, {
          ...before.counts,
          followersCount: Math.max(0, before.counts.followersCount + change),
        });
      }
      return before;
    },
    onError: (error, _variables, before) => {
      if (before) {
        queryClient.setQueryData<FollowState>(followingKey, before.state);
        if (before.counts) queryClient.setQueryData<ConnectionCounts>(countsKey, before.counts);
      }
      // A member who accepts no followers says so (403 FOLLOW_NOT_ALLOWED), as does a limit.
      notify.error(
        error instanceof ApiError && error.code === 'FOLLOW_NOT_ALLOWED'
          ? messageOf(error, M.followUpdateFailed)
          : limitMessageOr(error, M.followUpdateFailed),
      );
    },
    onSuccess: (response) => {
      queryClient.setQueryData<FollowState>(followingKey, followStateOf(response));
      queryClient.setQueryData<ConnectionCounts>(countsKey, (current) =>
        current ? { ...current, followersCount: response.followersCount } : current,
      );
      notify.success(response.message);
      // Lists and the viewer's own "following" count changed too.
      void queryClient.invalidateQueries({ queryKey: connectionKeys.list('followers', userId) });
      void queryClient.invalidateQueries({ queryKey: connectionKeys.counts(viewerId) });
      void queryClient.invalidateQueries({ queryKey: connectionKeys.list('following', viewerId) });
      // Following changes which posts the viewer may see: the Following tab and this member's
      // followers-only posts.
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });

  return {
    counts: counts.data,
    countsLoading: counts.isPending,
    isFollowing: following.data === 'following',
    isRequested: following.data === 'requested',
    followStateKnown: following.isSuccess,
    toggle: () => toggle.mutate(),
    toggling: toggle.isPending,
  };
}
