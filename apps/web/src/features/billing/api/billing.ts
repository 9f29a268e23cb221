import type { BillingResponse, BillingState, CancelPlanResponse } from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

/** GET /api/subscription/billing: the member's plan, period end and cancellation. */
export function useBilling() {
  return useQuery({
    queryKey: billingKeys.billing,
    queryFn: async ({ signal }): Promise<BillingState> =>
      (await api.get<BillingResponse>('/subscription/billing', { signal })).billing,
  });
}

/** POST /api/subscription/cancel: the plan ends at the period end (the subscription reads "cancelled"). */
export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CancelPlanResponse>('/subscription/cancel'),
    onSuccess: (response) => {
      queryClient.setQueryData(billingKeys.billing, response.billing);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'billing' });
    },
  });
}
