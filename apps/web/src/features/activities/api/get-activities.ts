import type { ActivityKind, ActivitySummary, ClassStatus } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/** Activities per page of the list. */
export const ACTIVITY_PAGE_SIZE = 20;

/** The list's filters; `undefined` is 全部. */
export interface ActivityListParams {
  kind?: ActivityKind;
  status?: ClassStatus;
}

/** `GET /api/activities`: the published activities, 报名中 first; one key per kind and status. */
export const activitiesQueryOptions = (params: ActivityListParams) =>
  pagedQueryOptions<ActivitySummary>(
    ['activities', 'list', params],
    '/activities',
    { ...params },
    {
      size: ACTIVITY_PAGE_SIZE,
      loginRequired: true,
    },
  );

export const useActivities = (params: ActivityListParams) =>
  useInfiniteQuery(activitiesQueryOptions(params));
