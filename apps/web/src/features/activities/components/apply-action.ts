import type { ActivityDetail } from '@portal/contract';
import { signupPhaseAt } from '@portal/contract/constants';
import { formatDate } from '@/lib/format-date.ts';

/** What the bottom of an activity's page offers the learner, decided from the activity alone. */
export type ApplyAction =
  /** 报名中 and not applied: 立即报名. */
  | { kind: 'apply'; note: string }
  /** Applied (active): 已报名 or 已签到, the way to 我的活动, and cancel while allowed. */
  | { kind: 'applied'; label: '已报名' | '已签到'; canCancel: boolean; note: string }
  /** Nothing to do: a disabled button saying why, with a line of explanation. */
  | { kind: 'disabled'; label: string; note: string };

type ActionInput = Pick<
  ActivityDetail,
  'status' | 'myApplication' | 'seatsLeft' | 'signupStart' | 'signupEnd' | 'startAt' | 'endAt'
>;

/** A time in the page's long format, e.g. 2026.11.25 14:00. */
export const formatTime = (time: string) => formatDate(time, 'yyyy.MM.dd hh:mm');

/**
 * The action of an activity at `now`. An active application wins over the status; it may be
 * cancelled exactly while the signup window is open and the learner is not checked in yet (the
 * server's rule; it checks again).
 */
export function applyActionOf(activity: ActionInput, now: number = Date.now()): ApplyAction {
  const application = activity.myApplication;
  if (application?.status === 'active') {
    const checkedIn = application.checkedInAt !== null;
    const canCancel = !checkedIn && signupPhaseAt(activity, now) === 'open';
    return {
      kind: 'applied',
      label: checkedIn ? '已签到' : '已报名',
      canCancel,
      note:
        activity.status === '已结束'
          ? '活动已结束'
          : checkedIn
            ? '您已到场签到'
            : '请按时参加，到场出示签到码',
    };
  }
  switch (activity.status) {
    case '报名中':
      return { kind: 'apply', note: `剩余 ${activity.seatsLeft} 个名额` };
    case '未开始':
      return {
        kind: 'disabled',
        label: '报名未开始',
        note: `${formatTime(activity.signupStart)} 开始报名`,
      };
    case '已满':
      return { kind: 'disabled', label: '名额已满', note: '名额已报满，看看其他活动吧' };
    case '进行中':
      return { kind: 'disabled', label: '报名已截止', note: '报名时间已过' };
    case '已结束':
      return { kind: 'disabled', label: '活动已结束', note: '欢迎关注后续活动' };
  }
}
