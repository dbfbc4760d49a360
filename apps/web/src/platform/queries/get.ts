import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type CallOptions, get, type Query } from '../request.ts';

/** How a query asks: the request layer's options, and how long its answer stays fresh. */
export type GetOptions = Pick<CallOptions, 'loginRequired' | 'quiet'> & {
  staleTime?: number;
  enabled?: boolean;
};

/**
 * Query options for an endpoint answering one value (`GET path?query`): the request is cancelled
 * with the query, and its answer is fresh for `staleTime` when said (else the app's default);
 * `enabled: false` asks nothing.
 */
export function getQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  query: Query = {},
  { staleTime, enabled, ...call }: GetOptions = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => get<T>(path, query, { ...call, signal }),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(enabled === undefined ? {} : { enabled }),
  });
}
