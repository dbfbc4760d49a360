import type { ActivityDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/activities/detail?id=`: an activity with its form, attachment rule and my
 * application (null for a visitor). A 404 is the page's to show.
 */
export const activityDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['activities', 'detail', id],
    queryFn: ({ signal }) =>
      get<ActivityDetail>('/activities/detail', { id }, { signal, quiet: [ErrorCode.notFound] }),
  });

export const useActivityDetail = (id: number | null) =>
  useQuery({ ...activityDetailQueryOptions(id ?? 0), enabled: id !== null });

/** The calendar file of an activity (public, served beside the API): a plain download link. */
export const calendarFileUrl = (id: number) => `/ics/activity-${id}.ics`;
