import type { Home } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/home`: the site's home page in one call (public, the same for every visitor). */
export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'page'],
    queryFn: ({ signal }) => get<Home>('/home', {}, { signal }),
  });

export const useHome = () => useQuery(homeQueryOptions());
