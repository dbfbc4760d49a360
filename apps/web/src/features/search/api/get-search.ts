import type { Page, SearchResult, SearchType } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { get } from '@/platform/request.ts';

/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchParams {
  q: string;
  type: SearchType;
}

/** `GET /api/search`: one page of the site's courses and classes matching `q`. */
export function getSearch(params: SearchParams & { page: number }, signal?: AbortSignal) {
  return get<Page<SearchResult>>('/search', { ...params, size: SEARCH_PAGE_SIZE }, { signal });
}

/** The results of one query and type as an infinite query (kept while the page is kept alive). */
export const searchQueryOptions = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: ['search', 'results', params],
    queryFn: ({ pageParam, signal }) => getSearch({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: params.q !== '',
  });

export const useSearch = (params: SearchParams) => useInfiniteQuery(searchQueryOptions(params));
