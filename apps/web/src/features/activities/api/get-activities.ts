import type { ActivityKind, ActivitySummary, ClassStatus, Page } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { get } from '@/platform/request.ts';

/** Activities per page of the list. */
export const ACTIVITY_PAGE_SIZE = 20;

/** The list's filters; `undefined` is 全部. */
export interface ActivityListParams {
  kind?: ActivityKind;
  status?: ClassStatus;
}

/** `GET /api/activities`: one page of the site's published activities, 报名中 first. */
export function getActivities(params: ActivityListParams & { page: number }, signal?: AbortSignal) {
  return get<Page<ActivitySummary>>(
    '/activities',
    { ...params, size: ACTIVITY_PAGE_SIZE },
    { signal, loginRequired: true },
  );
}

/** The activity list as an infinite query, one key per kind and status. */
export const activitiesQueryOptions = (params: ActivityListParams) =>
  infiniteQueryOptions({
    queryKey: ['activities', 'list', params],
    queryFn: ({ pageParam, signal }) => getActivities({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useActivities = (params: ActivityListParams) =>
  useInfiniteQuery(activitiesQueryOptions(params));
