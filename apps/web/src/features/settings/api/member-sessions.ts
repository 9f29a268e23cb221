import type { EndOtherSessionsResponse, SessionsResponse } from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The member's own sessions (Settings → Sessions & devices); every change here refreshes it. */
export const memberSessionsKey = ['users', 'me', 'sessions'] as const;

/** GET /api/users/me/sessions: this browser first, then the most recently active. */
export function fetchMemberSessions(signal?: AbortSignal) {
  return api.get<SessionsResponse>('/users/me/sessions', { signal });
}

export function useMemberSessions() {
  return useQuery({
    queryKey: memberSessionsKey,
    queryFn: ({ signal }) => fetchMemberSessions(signal),
    select: (response) => response.sessions,
  });
}

/** DELETE /api/users/me/sessions/{id}: signs that browser out (its next request is refused). */
export function endMemberSession(sessionId: string) {
  return api.delete<{ success: true; message: string }>(
    `/users/me/sessions/${encodeURIComponent(sessionId)}`,
  );
}

/** DELETE /api/users/me/sessions: every session but this one. */
export function endOtherMemberSessions() {
  return api.delete<EndOtherSessionsResponse>('/users/me/sessions');
}

function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberSessionsKey });
}

export function useEndMemberSession() {
  const refresh = useRefreshSessions();
  return useMutation({ mutationFn: endMemberSession, onSettled: refresh });
}

export function useEndOtherMemberSessions() {
  const refresh = useRefreshSessions();
  return useMutation({ mutationFn: endOtherMemberSessions, onSettled: refresh });
}
