import type { ActivityDetail } from '@portal/contract';
import { detailQueryOptions } from '@/platform/queries/detail.ts';

/**
 * `GET /api/activities/detail?id=`: an activity with its form, attachment rule and my
 * application (null for a visitor).
 */
export const activityDetailQueryOptions = (id: number) =>
  detailQueryOptions<ActivityDetail>(['activities', 'detail', id], '/activities/detail', { id });

/** The calendar file of an activity (public, served beside the API): a plain download link. */
export const calendarFileUrl = (id: number) => `/ics/activity-${id}.ics`;
