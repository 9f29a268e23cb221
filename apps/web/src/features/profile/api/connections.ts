import type {
  FollowCountsResponse,
  FollowListResponse,
  FollowToggleResponse,
  IsFollowingResponse,
} from '@kindred/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { connectionKeys } from './query-keys';

export type ConnectionDirection = 'followers' | 'following';

export interface ConnectionCounts {
  followersCount: number;
  followingsCount: number;
}

/** GET /api/connections/getFollowersAndFollowings/{id}. */
export async function fetchConnectionCounts(
  userId: string,
  signal?: AbortSignal,
): Promise<ConnectionCounts> {
  const { followersCount, followingsCount } = await api.get<FollowCountsResponse>(
    `/connections/getFollowersAndFollowings/${encodeURIComponent(userId)}`,
    { signal },
  );
  return { followersCount, followingsCount };
}

export function useConnectionCounts(userId: string) {
  return useQuery({
    queryKey: connectionKeys.counts(userId),
    queryFn: ({ signal }) => fetchConnectionCounts(userId, signal),
  });
}

/**
 * Where the viewer stands with a member: following, asked to follow (the member approves their
 * followers; "Requested"), or neither.
 */
export type FollowState = 'following' | 'requested' | 'none';

export function followStateOf(response: {
  isFollowing?: boolean;
  isConnection?: boolean;
  isRequested?: boolean;
}): FollowState {
  if (response.isFollowing ?? response.isConnection) return 'following';
  return response.isRequested ? 'requested' : 'none';
}

/** POST /api/connections/isFollowing {userId, followedUserId} → isConnection, isRequested. */
export async function fetchIsFollowing(
  viewerId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<FollowState> {
  const response = await api.post<IsFollowingResponse>(
    '/connections/isFollowing',
    { userId: viewerId, followedUserId: userId },
    { signal },
  );
  return followStateOf(response);
}

export function useIsFollowing(viewerId: string, userId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: connectionKeys.isFollowing(viewerId, userId),
    queryFn: ({ signal }) => fetchIsFollowing(viewerId, userId, signal),
    enabled: options.enabled,
  });
}

/**
 * POST /api/connections/follow {userId, followedUserId}: follows (or asks to, when the member
 * approves their followers); unfollows, or withdraws the request, when already done.
 */
export function toggleFollow(viewerId: string, userId: string): Promise<FollowToggleResponse> {
  return api.post<FollowToggleResponse>('/connections/follow', {
    userId: viewerId,
    followedUserId: userId,
  });
}

/** GET /api/connections/followers/{id} or /following/{id}, newest first, paged by cursor. */
export function fetchConnectionPage(
  direction: ConnectionDirection,
  userId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FollowListResponse> {
  return api.get<FollowListResponse>(`/connections/${direction}/${encodeURIComponent(userId)}`, {
    query: { cursor, limit: 20 },
    signal,
  });
}

export function useConnectionList(
  direction: ConnectionDirection,
  userId: string,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey: connectionKeys.list(direction, userId),
    queryFn: ({ pageParam, signal }) => fetchConnectionPage(direction, userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    // A list opened again should show who follows now.
    staleTime: 0,
  });
}
