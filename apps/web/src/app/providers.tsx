import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notify } from '../components/ui/toasts';
import { ApiError, isTimeout, TIMEOUT_MESSAGE } from '../lib/api-client';

/**
 * One call waits at most 5 s (the spec's timeout, lib/api-client.ts); a query that failed in a way
 * that might pass (no answer, 5xx) is tried once more after 1 s, so a silent server ends in an error
 * after about 11 s rather than a long spinner. A refusal (4xx) is never retried; nor is a mutation,
 * which may have reached the server.
 */
export const QUERY_RETRIES = 1;
export const QUERY_RETRY_DELAY_MS = 1_000;

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/** Whatever a screen says about its failure, a timeout also says why, once. */
function sayWhenTimedOut(error: unknown): void {
  if (isTimeout(error)) notify.error(TIMEOUT_MESSAGE, { toastId: 'api-timeout' });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: sayWhenTimedOut }),
    mutationCache: new MutationCache({ onError: sayWhenTimedOut }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: QUERY_RETRY_DELAY_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
