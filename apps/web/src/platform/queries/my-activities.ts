import type { ApplicationState, MyActivity } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from './paged.ts';

/**
 * `GET /api/activities/mine?state=`: my applications, latest first; no state is 全部. Read by the
 * activities and study features; an apply or cancel refreshes `['activities']`.
 */
export const myActivitiesQueryOptions = (state: ApplicationState | undefined) =>
  pagedQueryOptions<MyActivity>(
    ['activities', 'mine', state ?? 'all'],
    '/activities/mine',
    { state },
    { loginRequired: true },
  );

export const useMyActivities = (state: ApplicationState | undefined) =>
  useInfiniteQuery(myActivitiesQueryOptions(state));
