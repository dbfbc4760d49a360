import type { MyActivity, MyReading, Page } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

const nextPage = (last: Page<unknown>) =>
  last.page * last.size < last.total ? last.page + 1 : undefined;

/** `GET /api/activities/mine?state=已报名`: activities I applied for and still go to. */
export const studyActivitiesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['study', 'activities'],
    queryFn: ({ pageParam, signal }) =>
      get<Page<MyActivity>>(
        '/activities/mine',
        { state: '已报名', page: pageParam, size: 20 },
        { signal, loginRequired: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const useStudyActivities = () => useInfiniteQuery(studyActivitiesQueryOptions());

/** `GET /api/ebooks/reading`: the e-books I opened, the latest first, with my page. */
export const studyReadingQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['study', 'reading'],
    queryFn: ({ pageParam, signal }) =>
      get<Page<MyReading>>(
        '/ebooks/reading',
        { page: pageParam, size: 20 },
        { signal, loginRequired: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const useStudyReading = () => useInfiniteQuery(studyReadingQueryOptions());
