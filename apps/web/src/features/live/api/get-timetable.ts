import type { LiveTimetable } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/live/timetable`: the coming 14 days (Asia/Shanghai) of sessions; with a stored token
 * each says whether the learner picked it and what it clashes with. Under the `live` key, so a
 * pick or removal anywhere (预约 on a detail page too) refreshes it.
 */
export const timetableQueryOptions = () =>
  queryOptions({
    queryKey: ['live', 'timetable'],
    queryFn: ({ signal }) => get<LiveTimetable>('/live/timetable', {}, { signal }),
  });

export const useTimetable = () => useQuery(timetableQueryOptions());
