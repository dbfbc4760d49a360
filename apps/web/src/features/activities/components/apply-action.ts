import type { ActivityDetail } from '@portal/contract';
import { signupPhaseAt } from '@portal/contract/constants';
import { formatDate } from '@/lib/format-date.ts';
import { liveSignup, signupLabel, signupNote, waitingText } from '@/ui/signup-status.tsx';

/** What the bottom of an activity's page offers the learner, decided from the activity alone. */
export type ApplyAction =
  /** 报名中 and not applied: 立即报名; `review` when the organiser reviews applications. */
  | { kind: 'apply'; note: string; review: boolean }
  /** 已满 and not applied: 加入候补, saying how many wait. */
  | { kind: 'waitlist'; note: string; review: boolean }
  /** Applied (active): 已报名 or 已签到, the way to 我的活动, and cancel while allowed. */
  | { kind: 'applied'; label: '已报名' | '已签到'; canCancel: boolean; note: string }
  /**
   * Waiting for the reviewer (待审核) or on the waiting list (候补第 N 位): the way to 我的活动,
   * and 取消报名 or 取消候补 while allowed.
   */
  | {
      kind: 'queued';
      status: 'pending' | 'waiting';
      place: number | null;
      label: string;
      canCancel: boolean;
      note: string;
    }
  /** Refused by the reviewer: 未通过 with the reason, no way to apply again. */
  | { kind: 'rejected'; note: string }
  /** Nothing to do: a disabled button saying why, with a line of explanation. */
  | { kind: 'disabled'; label: string; note: string };

type ActionInput = Pick<
  ActivityDetail,
  | 'status'
  | 'myApplication'
  | 'seatsLeft'
  | 'signupStart'
  | 'signupEnd'
  | 'startAt'
  | 'endAt'
  | 'reviewSignups'
  | 'waitingCount'
>;

/** A time in the page's long format, e.g. 2026.11.25 14:00. */
export const formatTime = (time: string) => formatDate(time, 'yyyy.MM.dd hh:mm');

/**
 * The action of an activity at `now`. The learner's application wins over the status (a
 * cancelled one counts as none); it may be cancelled exactly while the signup window is open and
 * the learner is not checked in yet (the server's rule; it checks again). A full activity takes
 * the learner on its waiting list.
 */
export function applyActionOf(activity: ActionInput, now: number = Date.now()): ApplyAction {
  const application = liveSignup(activity.myApplication);
  const open = signupPhaseAt(activity, now) === 'open';
  if (application?.status === 'active') {
    const checkedIn = application.checkedInAt !== null;
    return {
      kind: 'applied',
      label: checkedIn ? '已签到' : '已报名',
      canCancel: !checkedIn && open,
      note:
        activity.status === '已结束'
          ? '活动已结束'
          : checkedIn
            ? '您已到场签到'
            : '请按时参加，到场出示签到码',
    };
  }
  if (application?.status === 'rejected') {
    return { kind: 'rejected', note: signupNote(application) ?? '' };
  }
  if (application) {
    return {
      kind: 'queued',
      status: application.status,
      place: application.place,
      label: signupLabel(application),
      canCancel: open,
      note: signupNote(application) ?? '',
    };
  }
  const review = activity.reviewSignups;
  switch (activity.status) {
    case '报名中':
      return { kind: 'apply', note: `剩余 ${activity.seatsLeft} 个名额`, review };
    case '未开始':
      return {
        kind: 'disabled',
        label: '报名未开始',
        note: `${formatTime(activity.signupStart)} 开始报名`,
      };
    case '已满':
      return { kind: 'waitlist', note: `名额已满，${waitingText(activity.waitingCount)}`, review };
    case '进行中':
      return { kind: 'disabled', label: '报名已截止', note: '报名时间已过' };
    case '已结束':
      return { kind: 'disabled', label: '活动已结束', note: '欢迎关注后续活动' };
  }
}
