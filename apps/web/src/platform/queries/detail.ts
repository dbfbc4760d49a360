import { ErrorCode } from '@portal/contract/constants';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type Query } from '../request.ts';
import { type GetOptions, getQueryOptions } from './get.ts';

/** The answers that mean "no such item": unknown or taken offline (404), or a malformed id (400). */
export const MISSING_CODES: readonly number[] = [ErrorCode.notFound, ErrorCode.invalid];

/**
 * The one rule for "missing" on every detail page: no key (the address has no id, or a malformed
 * one) or the server answered 404 or 400.
 */
export function isMissing(key: unknown, error: unknown): boolean {
  return key === null || (error instanceof ApiError && MISSING_CODES.includes(error.code));
}

/**
 * Query options for a detail endpoint (`GET path?query` answering one item). A missing answer is
 * quiet: the page shows its designed missing state, without a toast; every other failure goes to
 * the app's failure policy.
 */
export function detailQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  query: Query,
  options: Pick<GetOptions, 'loginRequired' | 'staleTime'> = {},
) {
  return getQueryOptions<T>(queryKey, path, query, { ...options, quiet: MISSING_CODES });
}

/** Where a detail page is: missing, failed (other errors, with a retry), loading, or ready. */
export type Detail<T> =
  | { status: 'ready'; data: T; retry: () => void }
  | { status: 'missing' | 'failed' | 'loading'; data: undefined; retry: () => void };

/** The status of a detail query by the missing rule; missing wins over an item still cached. */
export function detailOf<T>(
  key: unknown,
  query: { data: T | undefined; error: unknown; refetch: () => unknown },
): Detail<T> {
  const retry = () => void query.refetch();
  if (isMissing(key, query.error)) return { status: 'missing', data: undefined, retry };
  if (query.data !== undefined) return { status: 'ready', data: query.data, retry };
  return { status: query.error ? 'failed' : 'loading', data: undefined, retry };
}

/** Loads a detail by its key (an id, a slug); a null key asks nothing and is missing. */
export function useDetail<T, K extends QueryKey>(
  key: unknown,
  options: UseQueryOptions<T, Error, T, K>,
): Detail<T> {
  return detailOf(key, useQuery({ ...options, enabled: key !== null }));
}
