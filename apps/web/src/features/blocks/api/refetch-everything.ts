import type { QueryClient } from '@tanstack/react-query';

/**
 * A mutation's `onSuccess` that marks every cached query stale and refetches those on screen —
 * without waiting for them: the refetch can unmount the component that asked (a blocked member's
 * profile turns into "Profile not found", an unblocked member leaves the Settings list), and its
 * own success callbacks (the toast, leaving the page) must run first.
 */
export function refetchEverything(queryClient: QueryClient) {
  return () => {
    void queryClient.invalidateQueries();
  };
}
