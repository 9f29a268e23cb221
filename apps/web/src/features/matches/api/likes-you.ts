import type { LikesYouResponse } from '@kindred/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { matchKeys } from './query-keys';

/**
 * GET /api/matches/likes-you: on plans that show them, the members who liked the viewer (paged);
 * on the others, only how many and a teaser (`locked: true`, no identity of anyone).
 */
export function fetchLikesYou(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<LikesYouResponse> {
  return api.get<LikesYouResponse>('/matches/likes-you', {
    query: { cursor: cursor ?? undefined },
    signal,
  });
}

export function useLikesYou() {
  return useInfiniteQuery({
    queryKey: matchKeys.likesYou(),
    queryFn: ({ pageParam, signal }) => fetchLikesYou(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => (lastPage.locked ? null : lastPage.nextCursor),
  });
}
