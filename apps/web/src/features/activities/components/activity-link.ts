import type { ActivityKind } from '@portal/contract/constants';
import { href } from '@/platform/paths.ts';

/** A special activity (特色活动) has its own pages: detail and a signup that carries files. */
export const isSpecial = (activity: { kind: ActivityKind }) => activity.kind === '特色活动';

/** The detail page of an activity: /extensionDetails for a special one, else /activityDetails. */
export const detailHref = (activity: { id: number; kind: ActivityKind }) =>
  href(isSpecial(activity) ? 'extensionDetail' : 'activityDetail', { id: activity.id });

/** The signup page of an activity: /extensionSignup for a special one, else /activityApply. */
export const signupHref = (activity: { id: number; kind: ActivityKind }) =>
  href(isSpecial(activity) ? 'extensionSignup' : 'activityApply', { id: activity.id });
