import { useEffect } from 'react';
import { postsToast } from './toast';
import { ApiError } from '../../lib/api-client';

/**
 * Shows `message` once each time a query fails. A 401 is not toasted: the app is already on its
 * way back to the login screen (see app/unauthorized.ts).
 */
export function useErrorToast(
  query: { error: unknown; errorUpdatedAt: number; isError: boolean },
  message: string,
): void {
  const { error, errorUpdatedAt, isError } = query;
  useEffect(() => {
    if (!isError) return;
    if (error instanceof ApiError && error.status === 401) return;
    postsToast().error(message, { toastId: `${message}:${errorUpdatedAt}` });
  }, [isError, error, errorUpdatedAt, message]);
}
