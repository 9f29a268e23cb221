import type { PlanId, SelectPlanResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planKeys } from '../../plans';
import { profileKeys } from './query-keys';

/** POST /api/subscription/select-plan {userId, planId}. */
export function selectPlan(input: { userId: string; planId: PlanId }): Promise<SelectPlanResponse> {
  return api.post<SelectPlanResponse>('/subscription/select-plan', input);
}

export function useSelectPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectPlan,
    onSuccess: (response, input) => {
      queryClient.setQueryData(profileKeys.subscription(input.userId), response.subscription);
      // A new plan, new entitlements (the feed's advertising card, the limits).
      void queryClient.invalidateQueries({ queryKey: planKeys.mine });
      // Stale, not refetched now (see useCreateProfile).
      void queryClient.invalidateQueries({
        queryKey: profileKeys.profile(input.userId),
        refetchType: 'none',
      });
    },
  });
}
