import type { PointsLedgerEntry, PointsLedgerType, PointsTasks } from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { pointsSummaryQueryOptions } from '@/platform/queries/points-summary.ts';

// Keys start with `points`. Nothing here writes: the server awards points where deeds happen.

export const usePointsSummary = () => useQuery(pointsSummaryQueryOptions());

/** `GET /api/points/tasks`: today's task per rule, with progress against its daily cap. */
export const pointsTasksQueryOptions = () =>
  getQueryOptions<PointsTasks>(
    ['points', 'tasks'],
    '/points/tasks',
    {},
    {
      loginRequired: true,
      // Progress changes with what the learner does elsewhere: ask again on every visit.
      staleTime: 0,
    },
  );

export const usePointsTasks = () => useQuery(pointsTasksQueryOptions());

/** `GET /api/points/ledger?type=`: the ledger, newest first; no type is 全部. */
export const pointsLedgerQueryOptions = (type: PointsLedgerType | undefined) =>
  pagedQueryOptions<PointsLedgerEntry>(
    ['points', 'ledger', type ?? 'all'],
    '/points/ledger',
    { type },
    { loginRequired: true, staleTime: 0 },
  );

export const usePointsLedger = (type: PointsLedgerType | undefined) =>
  useInfiniteQuery(pointsLedgerQueryOptions(type));
