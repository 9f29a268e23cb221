import type { LikeProfileResponse, PassProfileResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { matchKeys } from './query-keys';

/**
 * POST /api/matches/like: `matched` when the member liked the viewer first (the match exists now);
 * `remainingToday` is what the plan leaves for today (null: no daily cap). A plan's refusal
 * (403 PLAN_LIMIT) opens the upgrade dialog by itself (the member shell's PlanLimitDialog).
 */
export function likeMember(userId: string): Promise<LikeProfileResponse> {
  return api.post<LikeProfileResponse>('/matches/like', { userId });
}

/** POST /api/matches/pass: the two stop seeing each other in Discover for a while. */
export function passMember(userId: string): Promise<PassProfileResponse> {
  return api.post<PassProfileResponse>('/matches/pass', { userId });
}

export function useLikeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likeMember,
    onSuccess: (response) => {
      // A like leaves "likes you" (it became a match, or it was one the viewer now answered).
      void queryClient.invalidateQueries({ queryKey: matchKeys.likesYou() });
      if (response.matched) void queryClient.invalidateQueries({ queryKey: matchKeys.list() });
    },
  });
}

export function usePassMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: passMember,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: matchKeys.likesYou() }),
  });
}
