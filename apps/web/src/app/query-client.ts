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
        // Asked even when the browser says it is offline: the service worker answers from what
        // it kept (issue 32), and what it never kept fails at once to its offline state.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

export const queryClient = createQueryClient();
