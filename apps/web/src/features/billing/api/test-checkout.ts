import type {
  CancelTestCheckoutResponse,
  CompleteTestCheckoutResponse,
  TestCheckoutSession,
  TestCheckoutSessionResponse,
} from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

const base = (checkoutId: string) =>
  `/subscription/checkout/test/${encodeURIComponent(checkoutId)}`;

/** GET /api/subscription/checkout/test/:id: the test-mode checkout page's plan and price. */
export function useTestCheckout(checkoutId: string) {
  return useQuery({
    queryKey: billingKeys.testCheckout(checkoutId),
    queryFn: async ({ signal }): Promise<TestCheckoutSession> =>
      (await api.get<TestCheckoutSessionResponse>(base(checkoutId), { signal })).session,
    retry: false,
  });
}

/**
 * POST …/complete (the test provider's confirmation) or …/cancel. After a completion every query
 * is refreshed: the plan changes what the member may do everywhere (subscription, entitlements).
 */
export function useFinishTestCheckout(checkoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'complete' | 'cancel') =>
      api.post<CompleteTestCheckoutResponse | CancelTestCheckoutResponse>(
        `${base(checkoutId)}/${outcome}`,
      ),
    onSuccess: (_response, outcome) => {
      if (outcome === 'complete') void queryClient.invalidateQueries();
    },
  });
}
