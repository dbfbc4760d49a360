import type { Statistics, StatisticsRange } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/statistics?range=`: my learning time per day, week or month split by kind, with
 * the totals and streaks. Fresh on every visit: learning happens on other pages.
 */
export const statisticsQueryOptions = (range: StatisticsRange) =>
  queryOptions({
    queryKey: ['statistics', range],
    queryFn: ({ signal }) =>
      get<Statistics>('/statistics', { range }, { signal, loginRequired: true }),
    staleTime: 0,
  });

/** The range's statistics; while another range loads, the last one stays on the screen. */
export const useStatistics = (range: StatisticsRange) =>
  useQuery({ ...statisticsQueryOptions(range), placeholderData: keepPreviousData });
