import type { Page } from '@portal/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { get, type Query } from '../request.ts';

/** The next page of a `{ list, total, page, size }` answer, or undefined after the last one. */
export const nextPageParam = (last: Page<unknown>): number | undefined =>
  last.page * last.size < last.total ? last.page + 1 : undefined;

export interface PagedOptions {
  /** Rows a page (the API allows at most 50); 20 unless said. */
  size?: number;
  loginRequired?: boolean;
  staleTime?: number;
  /** false asks nothing (a list not shown yet, or not for this learner). */
  enabled?: boolean;
}

/**
 * Infinite-query options for a paged list endpoint (`GET path?page&size` answering `Page<T>`):
 * pages from 1, the next one while `page * size < total`.
 */
export function pagedQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  query: Query = {},
  { size = 20, loginRequired, staleTime, enabled }: PagedOptions = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      get<Page<T>>(path, { ...query, page: pageParam, size }, { signal, loginRequired }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(enabled === undefined ? {} : { enabled }),
  });
}

/**
 * The items of a paged query loaded so far, and the total the server counts (here rather than
 * beside `PagedList`, so that a page showing a few items needs none of the list's code).
 */
export function pagedItems<T>(query: UseInfiniteQueryResult<InfiniteData<Page<T>>>) {
  return {
    list: query.data?.pages.flatMap((page) => page.list) ?? [],
    total: query.data?.pages[0]?.total ?? 0,
  };
}
