import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../components/ui/toasts';
import { BILLING_UI_MESSAGES as M } from '../messages';

/**
 * Back from checkout (`?checkout=success|cancelled` on any member page): says how it went,
 * refreshes what the plan changes (subscription, entitlements, plan cards: every query) and
 * takes the marker out of the address so a reload does not say it again.
 */
export function CheckoutReturnNotice() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('checkout');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    if (handled.current === outcome) return;
    handled.current = outcome;
    if (outcome === 'success') {
      notify.success(M.returnedPaid);
      void queryClient.invalidateQueries();
    } else {
      notify.info(M.returnedCancelled);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [outcome, queryClient, setParams]);

  return null;
}
