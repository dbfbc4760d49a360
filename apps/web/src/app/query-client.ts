import { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query over the request layer. The request layer already shows each failure once, so
 * queries do not retry (a retry would toast again), and nothing here shows errors a second time.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        // A query that failed (e.g. prefetched at start-up) is not fetched again just because a
        // page mounts: that would show the same failure a second time.
        retryOnMount: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
