import type { DiscoverMember, DiscoverPage } from '@kindred/contracts';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { filtersToQuery, type DiscoverFilters } from '../filters';
import { discoverKeys } from './query-keys';

/** GET /api/discover: members near the viewer, best first; `nextCursor` continues in that order. */
export function fetchDiscoverPage(
  filters: DiscoverFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DiscoverPage> {
  return api.get<DiscoverPage>('/discover', {
    query: { ...filtersToQuery(filters), cursor: cursor ?? undefined },
    signal,
  });
}

export function useDiscoverMembers(filters: DiscoverFilters) {
  return useInfiniteQuery({
    queryKey: discoverKeys.members(filters),
    queryFn: ({ pageParam, signal }) => fetchDiscoverPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A refused filter (e.g. an advanced one without the plan) is not worth asking again.
    retry: false,
  });
}

/**
 * Takes a member off the cards already loaded (after a like or a pass), keeping the pages and their
 * cursors as they are: the next page still continues after the last card the server sent.
 */
export function useRemoveDiscoverMember(filters: DiscoverFilters) {
  const queryClient = useQueryClient();
  return useCallback(
    (userId: string) =>
      queryClient.setQueryData<InfiniteData<DiscoverPage>>(
        discoverKeys.members(filters),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              members: page.members.filter((member: DiscoverMember) => member._id !== userId),
            })),
          },
      ),
    [queryClient, filters],
  );
}
