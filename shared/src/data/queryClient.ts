import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './apiError';
import { toApiError } from './apiError';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

const MAX_RETRIES = 2;

/**
 * The product's query cache. A screen that opens loads its data again while it shows what the cache holds: what
 * someone else changed meanwhile (a doctor signing a visit, a student booking) must not wait for a timer, and what
 * this tab changes is invalidated by its mutations anyway. Switching browser tabs refetches nothing; only failures
 * worth repeating (network, 5xx, timeouts) are retried, a refusal is shown at once.
 */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < MAX_RETRIES && toApiError(error).retryable,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The one cache of the running app. `@campuscare/shared` is a federation singleton, so every remote holds this same
 * instance; the hooks pass it explicitly, so no provider has to wrap the shell, a standalone remote or a test.
 */
export const queryClient = createQueryClient();
