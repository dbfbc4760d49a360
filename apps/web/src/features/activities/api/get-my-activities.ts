import type { ApplicationState, MyActivity, Page } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/activities/mine?state=`: my applications, latest first; no state is 全部. */
export const myActivitiesQueryOptions = (state: ApplicationState | undefined) =>
  infiniteQueryOptions({
    queryKey: ['activities', 'mine', state ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      get<Page<MyActivity>>(
        '/activities/mine',
        { state, page: pageParam, size: 20 },
        { signal, loginRequired: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });

export const useMyActivities = (state: ApplicationState | undefined) =>
  useInfiniteQuery(myActivitiesQueryOptions(state));
