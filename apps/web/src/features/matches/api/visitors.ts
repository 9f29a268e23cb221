import type { VisitorPage } from '@kindred/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { matchKeys } from './query-keys';

/** GET /api/profile/visitors: each visitor once, newest visit first (403 PLAN_LIMIT without the plan). */
export function fetchVisitors(cursor: string | null, signal?: AbortSignal): Promise<VisitorPage> {
  return api.get<VisitorPage>('/profile/visitors', {
    query: { cursor: cursor ?? undefined },
    signal,
  });
}

/** Asked only when the plan shows visitors: a refusal would open the upgrade dialog unasked. */
export function useVisitors(options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: matchKeys.visitors(),
    queryFn: ({ pageParam, signal }) => fetchVisitors(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: options.enabled,
  });
}
