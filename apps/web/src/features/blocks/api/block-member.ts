import type { BlockResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchEverything } from './refetch-everything';

/** POST /api/blocks: the two members stop seeing each other everywhere; any follow between them ends. */
export function blockMember(userId: string): Promise<BlockResponse> {
  return api.post<BlockResponse>('/blocks', { userId });
}

/** DELETE /api/blocks/{userId}. */
export function unblockMember(userId: string): Promise<BlockResponse> {
  return api.delete<BlockResponse>(`/blocks/${encodeURIComponent(userId)}`);
}

/**
 * A block changes what nearly every screen shows (feeds, comments, search, follower lists,
 * counts), so every cached query is refetched rather than patched one by one: what is on screen
 * reloads without the member, the rest reloads when it is next shown.
 */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSuccess: refetchEverything(queryClient),
  });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: refetchEverything(queryClient),
  });
}
