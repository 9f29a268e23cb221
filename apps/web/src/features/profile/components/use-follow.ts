import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../../components/ui/toasts';
import { limitMessageOr } from '../../../lib/api-client';
import {
  toggleFollow,
  useConnectionCounts,
  useIsFollowing,
  type ConnectionCounts,
} from '../api/connections';
import { postKeys } from '../../posts';
import { connectionKeys } from '../api/query-keys';
import { PROFILE_UI_MESSAGES as M } from '../messages';

/**
 * Follow state and counts of a profile (SPEC §4 "Follow"): the button toggles at once and the
 * follower count moves by one; the server's answer then settles both, and a failure puts them back.
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
        following: queryClient.getQueryData<boolean>(followingKey) ?? false,
        counts: queryClient.getQueryData<ConnectionCounts>(countsKey),
      };
      queryClient.setQueryData<boolean>(followingKey, !before.following);
      if (before.counts) {
        queryClient.setQueryData<ConnectionCounts>(countsKey, {
          ...before.counts,
          followersCount: Math.max(0, before.counts.followersCount + (before.following ? -1 : 1)),
        });
      }
      return before;
    },
    onError: (error, _variables, before) => {
      if (before) {
        queryClient.setQueryData<boolean>(followingKey, before.following);
        if (before.counts) queryClient.setQueryData<ConnectionCounts>(countsKey, before.counts);
      }
      notify.error(limitMessageOr(error, M.followUpdateFailed));
    },
    onSuccess: (response) => {
      queryClient.setQueryData<boolean>(followingKey, response.isFollowing);
      queryClient.setQueryData<ConnectionCounts>(countsKey, (current) =>
        current ? { ...current, followersCount: response.followersCount } : current,
      );
      notify.success(response.isFollowing ? M.followed : M.unfollowed);
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
    isFollowing: following.data ?? false,
    followStateKnown: following.isSuccess,
    toggle: () => toggle.mutate(),
    toggling: toggle.isPending,
  };
}
