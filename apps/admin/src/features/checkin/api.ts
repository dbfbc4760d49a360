import type {
  CheckinDeskBody,
  CheckinDeskResult,
  CheckinDeskSummary,
  Page,
  ParticipantItemRow,
} from '@portal/contract';
import { get, post } from '@/api/client.ts';

/** The activities a desk may open: those not ended yet, soonest first, found by title. */
export interface DeskActivityQuery {
  q?: string;
  page: number;
  size: number;
}

export const checkinKeys = {
  all: ['checkin'] as const,
  activities: (query: DeskActivityQuery) => ['checkin', 'activities', query] as const,
  summary: (activityId: number) => ['checkin', 'summary', activityId] as const,
};

/** The site's activities not ended yet (the list 报名名单 starts from, which a 签到员 may read). */
export const listDeskActivities = (query: DeskActivityQuery) =>
  get<Page<ParticipantItemRow>>('/api/admin/participants/items', {
    kind: 'activity',
    when: 'upcoming',
    ...query,
  });

/** The desk's heading, its counts (已签到 / 已报名) and the latest arrivals. */
export const getDeskSummary = (activityId: number) =>
  get<CheckinDeskSummary>('/api/admin/checkin/summary', { activityId });

/** Checks a learner in at the door by their QR's code or their phone number. */
export const checkInAtDesk = (body: CheckinDeskBody) =>
  post<CheckinDeskResult>('/api/admin/checkin', body);
