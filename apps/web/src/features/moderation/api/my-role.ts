import { hasRole, type PublicUser } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import { moderationKeys } from './query-keys';

/**
 * The signed-in member's role, from their own record (GET /api/users/{id} names the role only to
 * the member themself). Whether to show the moderation page is a convenience: the API decides.
 */
export function useIsModerator(): { isModerator: boolean; isLoading: boolean } {
  const userId = getStoredUserId();
  const query = useQuery({
    queryKey: moderationKeys.myRole(userId),
    queryFn: ({ signal }) =>
      api.get<{ success: true; user: PublicUser }>(`/users/${encodeURIComponent(userId ?? '')}`, {
        signal,
      }),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return {
    isModerator: hasRole(query.data?.user.role, 'moderator'),
    isLoading: userId !== null && query.isLoading,
  };
}
