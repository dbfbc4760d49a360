import type { PointsSummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { get } from '../request.ts';
import { isLoggedIn, subscribeLogin } from '../session.ts';
import { getQueryOptions } from './get.ts';

// Read by the 我的 page (mine) and the points pages: its key starts with `points`, so
// refreshing `['points']` refreshes it.

/** `GET /api/points/summary`: the balance on the site and today's earned points. */
export const pointsSummaryQueryOptions = () =>
  getQueryOptions<PointsSummary>(
    ['points', 'summary'],
    '/points/summary',
    {},
    {
      loginRequired: true,
      // Points come from what the learner just did elsewhere (a lesson, a check-in): ask again
      // on every visit, showing the last answer meanwhile.
      staleTime: 0,
    },
  );

/** The learner's balance for a figure on another page: undefined while unknown or for a visitor. */
export function usePointsBalance(): number | undefined {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const query = useQuery({
    ...pointsSummaryQueryOptions(),
    // A figure that could not load is simply not shown: no toast over the page for it.
    queryFn: ({ signal }) =>
      get<PointsSummary>('/points/summary', {}, { loginRequired: true, signal, quiet: true }),
    enabled: loggedIn,
  });
  return loggedIn ? query.data?.balance : undefined;
}
