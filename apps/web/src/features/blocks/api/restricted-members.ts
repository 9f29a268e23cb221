import type { RestrictedMemberPage } from '@kindred/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { blockKeys } from './query-keys';

export type RestrictionKind = 'blocked' | 'muted';

const PATHS: Record<RestrictionKind, string> = { blocked: '/blocks', muted: '/mutes' };

/** GET /api/blocks or /api/mutes: newest first, one keyset page at a time. */
export function fetchRestrictedMembers(
  kind: RestrictionKind,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RestrictedMemberPage> {
  return api.get<RestrictedMemberPage>(PATHS[kind], {
    query: { cursor: cursor ?? undefined },
    signal,
  });
}

export function useRestrictedMembers(kind: RestrictionKind) {
  return useInfiniteQuery({
    queryKey: kind === 'blocked' ? blockKeys.blocked() : blockKeys.muted(),
    queryFn: ({ pageParam, signal }) => fetchRestrictedMembers(kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
