import type { MuteResponse, MuteStateResponse } from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchEverything } from './refetch-everything';
import { blockKeys } from './query-keys';

/** POST /api/mutes: the member's posts and comments leave the viewer's feeds; nothing else changes. */
export function muteMember(userId: string): Promise<MuteResponse> {
  return api.post<MuteResponse>('/mutes', { userId });
}

/** DELETE /api/mutes/{userId}. */
export function unmuteMember(userId: string): Promise<MuteResponse> {
  return api.delete<MuteResponse>(`/mutes/${encodeURIComponent(userId)}`);
}

/** GET /api/mutes/{userId}: whether the viewer mutes this member. */
export function getMuteState(userId: string, signal?: AbortSignal): Promise<MuteStateResponse> {
  return api.get<MuteStateResponse>(`/mutes/${encodeURIComponent(userId)}`, { signal });
}

export function useMuteState(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: blockKeys.muteState(userId),
    queryFn: ({ signal }) => getMuteState(userId, signal),
    enabled,
  });
}

/** Muting or unmuting changes feeds and comment lists: every cached query is refetched. */
export function useMuteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: muteMember,
    onSuccess: refetchEverything(queryClient),
  });
}

export function useUnmuteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmuteMember,
    onSuccess: refetchEverything(queryClient),
  });
}
