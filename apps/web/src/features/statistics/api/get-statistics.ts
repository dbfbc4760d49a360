import type { Statistics, StatisticsRange } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';

/**
 * `GET /api/statistics?range=`: my learning time per day, week or month split by kind, with
 * the totals and streaks. Fresh on every visit: learning happens on other pages.
 */
export const statisticsQueryOptions = (range: StatisticsRange) =>
  getQueryOptions<Statistics>(
    ['statistics', range],
    '/statistics',
    { range },
    { loginRequired: true, staleTime: 0 },
  );

/** The range's statistics; while another range loads, the last one stays on the screen. */
export const useStatistics = (range: StatisticsRange) =>
  useQuery({ ...statisticsQueryOptions(range), placeholderData: keepPreviousData });
