import type { MatchPage, UnmatchResponse } from '@kindred/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { matchKeys } from './query-keys';

/** GET /api/matches: newest match first, one keyset page at a time. */
export function fetchMatches(cursor: string | null, signal?: AbortSignal): Promise<MatchPage> {
  return api.get<MatchPage>('/matches', { query: { cursor: cursor ?? undefined }, signal });
}

export function useMatches() {
  return useInfiniteQuery({
    queryKey: matchKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchMatches(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** DELETE /api/matches/{userId}: the match ends; the other member is not told why. */
export function unmatchMember(userId: string): Promise<UnmatchResponse> {
  return api.delete<UnmatchResponse>(`/matches/${encodeURIComponent(userId)}`);
}

export function useUnmatchMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmatchMember,
    onSuccess: (_response, userId) => {
      queryClient.setQueryData<InfiniteData<MatchPage>>(matchKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                matches: page.matches.filter((match) => match.user._id !== userId),
              })),
            }
          : data,
      );
    },
  });
}
