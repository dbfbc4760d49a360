import type { SearchResult, SearchType } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

export interface SearchParams {
  q: string;
  type: SearchType;
}

/**
 * `GET /api/search`: the site's content matching `q`, 20 a page, as an infinite query (kept
 * while the page is kept alive); nothing is asked for an empty query.
 */
export const searchQueryOptions = (params: SearchParams) => ({
  ...pagedQueryOptions<SearchResult>(['search', 'results', params], '/search', { ...params }),
  enabled: params.q !== '',
});

export const useSearch = (params: SearchParams) => useInfiniteQuery(searchQueryOptions(params));
