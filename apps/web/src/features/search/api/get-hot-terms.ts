import type { HotTerm } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/search/hot`: the site's most searched terms. */
export function getHotTerms(signal?: AbortSignal) {
  return get<HotTerm[]>('/search/hot', {}, { signal });
}

export const hotTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['search', 'hot'],
    queryFn: ({ signal }) => getHotTerms(signal),
    staleTime: 5 * 60_000,
  });

export const useHotTerms = () => useQuery(hotTermsQueryOptions());
