import type { ScheduleItem } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/** Entries of 我的日程 a page shows at a time. */
export const MY_SCHEDULE_PAGE = 5;

/**
 * `GET /api/study/schedule`: what I reserved or signed up for that has not ended, by start
 * time. Fresh on every visit: picks and signups happen on other pages.
 */
export const myScheduleQueryOptions = () =>
  pagedQueryOptions<ScheduleItem>(
    ['study', 'schedule'],
    '/study/schedule',
    {},
    { size: MY_SCHEDULE_PAGE, loginRequired: true, staleTime: 0 },
  );

export const useMySchedule = () => useInfiniteQuery(myScheduleQueryOptions());
