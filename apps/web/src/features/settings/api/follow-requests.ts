import type { FollowRequestAnswerResponse, FollowRequestPage } from '@kindred/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The follow requests waiting for the member's approval (Settings → Privacy & contact). */
export const followRequestsKey = ['connections', 'requests'] as const;

/** GET /api/connections/requests, newest first, paged by cursor. */
export function fetchFollowRequests(cursor: string | undefined, signal?: AbortSignal) {
  return api.get<FollowRequestPage>('/connections/requests', {
    query: { cursor, limit: 20 },
    signal,
  });
}

export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: followRequestsKey,
    queryFn: ({ pageParam, signal }) => fetchFollowRequests(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type FollowRequestAnswer = 'approve' | 'decline';

/** POST /api/connections/requests/{id}/approve or /decline. */
export function answerFollowRequest(requestId: string, answer: FollowRequestAnswer) {
  return api.post<FollowRequestAnswerResponse>(
    `/connections/requests/${encodeURIComponent(requestId)}/${answer}`,
  );
}

export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, answer }: { requestId: string; answer: FollowRequestAnswer }) =>
      answerFollowRequest(requestId, answer),
    // An approval adds a follower: the member's counts and lists change too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
