import { useEffect } from 'react';

/**
 * Spec §2: "the browser back button is trapped: history is re-pushed, so users cannot navigate back".
 * Applied only to the account-entry chain (email code, 2FA setup/verify, phone) and the profile
 * wizard, where going back would replay a half-finished step; elsewhere Back works normally.
 *
 * A duplicate of the current entry is pushed (with the router's own history state, so React Router
 * sees the same location); pressing Back lands on the original entry and we push again.
 */
export function useBackButtonTrap(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const repush = () => window.history.pushState(window.history.state, '', window.location.href);
    repush();
    window.addEventListener('popstate', repush);
    return () => window.removeEventListener('popstate', repush);
  }, [enabled]);
}
