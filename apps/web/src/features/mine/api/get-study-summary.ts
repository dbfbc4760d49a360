import type { StatisticsSummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';

/**
 * `GET /api/statistics/summary`: today's learning time and my streak, for 我的. Fresh on every
 * visit: learning happens on other pages.
 */
export const studySummaryQueryOptions = () =>
  getQueryOptions<StatisticsSummary>(
    ['statistics', 'summary'],
    '/statistics/summary',
    {},
    {
      loginRequired: true,
      staleTime: 0,
    },
  );

export const useStudySummary = () => useQuery(studySummaryQueryOptions());
