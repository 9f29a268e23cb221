import type { CheckoutRequest, CheckoutResponse } from '@kindred/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';

/** POST /api/subscription/checkout {planId, returnPath}: the page where the member pays. */
export function startCheckout(input: CheckoutRequest): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/subscription/checkout', input);
}

/**
 * Opens checkout for a paid plan and goes there: Stripe's hosted page (another site), or the
 * test-mode page of this app (a path, followed without reloading). The plan changes only once the
 * provider confirms; the member comes back to `returnPath` with `?checkout=success|cancelled`.
 */
export function useStartCheckout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => {
      if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
      else window.location.assign(url);
    },
  });
}
