import type { ActivityDetail } from '@portal/contract';
import { paths } from '@/platform/paths.ts';
import type { Detail } from '@/platform/queries/detail.ts';
import { type MissingText, useDetailById } from '@/ui/detail-page.tsx';
import { activityDetailQueryOptions } from '../api/get-activity-detail.ts';
import { isSpecial } from './activity-link.ts';

/** What the detail and signup pages say when an activity is missing. */
export const MISSING_ACTIVITY: MissingText = {
  what: '活动',
  description: '看看其他活动吧。',
  way: { to: paths.activity, label: '去看看活动' },
};

/**
 * The activity of the address's `id` for a page of one kind (`special` or not), and the activity
 * again as `elsewhere` when it is of the other kind: the page sends the learner to its own.
 */
export function useActivityOfKind(special: boolean): {
  detail: Detail<ActivityDetail>;
  elsewhere: ActivityDetail | null;
} {
  const detail = useDetailById(activityDetailQueryOptions);
  const activity = detail.data;
  return { detail, elsewhere: activity && isSpecial(activity) !== special ? activity : null };
}
