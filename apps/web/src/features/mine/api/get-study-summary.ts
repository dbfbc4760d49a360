import type { StatisticsSummary } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/statistics/summary`: today's learning time and my streak, for 我的. Fresh on every
 * visit: learning happens on other pages.
 */
export const studySummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['statistics', 'summary'],
    queryFn: ({ signal }) =>
      get<StatisticsSummary>('/statistics/summary', {}, { signal, loginRequired: true }),
    staleTime: 0,
  });

export const useStudySummary = () => useQuery(studySummaryQueryOptions());
