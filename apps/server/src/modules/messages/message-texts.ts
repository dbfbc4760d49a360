import type { ConfirmedVia } from '@portal/contract';
import type { MessageReminderRow } from '../../db/schema.ts';

/** `2026-11-23 09:30` in Shanghai time (the sites are in Shanghai). */
export function shanghaiTime(time: number): string {
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A title quoted in a message, cut so the message title stays short. */
const quoted = (title: string) => `「${title.length > 60 ? `${title.slice(0, 60)}…` : title}」`;

/** A confirmed seat's message title, by how it was reached. */
const CONFIRMED_HEADS: Record<ConfirmedVia | 'direct', string> = {
  direct: '报名成功',
  review: '报名审核通过',
  waiting: '候补成功',
};

/** How a confirmed seat's message begins, by how it was reached. */
const CONFIRMED_LEADS: Record<ConfirmedVia | 'direct', string> = {
  direct: '您已成功报名',
  review: '您的报名已通过审核，已成功报名',
  waiting: '有名额空出，您已从候补名单递补成功，已成功报名',
};

/** The Chinese texts of the messages the portal sends. */
export const MessageTexts = {
  notFound: '消息不存在或已删除',
  classSignup: (title: string, startAt: number, via: ConfirmedVia | null = null) => ({
    title: `${CONFIRMED_HEADS[via ?? 'direct']}：${quoted(title)}`,
    body: `${CONFIRMED_LEADS[via ?? 'direct']}班级${quoted(title)}，开班时间 ${shanghaiTime(startAt)}。可在“我的班级”中查看，开班前一天和前一小时会提醒您。`,
  }),
  activitySignup: (
    title: string,
    startAt: number,
    place: string,
    via: ConfirmedVia | null = null,
  ) => ({
    title: `${CONFIRMED_HEADS[via ?? 'direct']}：${quoted(title)}`,
    body: `${CONFIRMED_LEADS[via ?? 'direct']}活动${quoted(title)}，活动时间 ${shanghaiTime(startAt)}，地点：${place}。请到“我的活动”出示签到码签到，活动前一天和前一小时会提醒您。`,
  }),
  signupPending: (kindName: string, title: string, via: ConfirmedVia | null) => ({
    title: `${via === 'waiting' ? '候补成功，等待审核' : '报名已提交，等待审核'}：${quoted(title)}`,
    body: `${via === 'waiting' ? '有名额空出，您已从候补名单递补，' : ''}您在${kindName}${quoted(title)}的报名正在等待工作人员审核，名额已为您保留。审核结果会通过消息通知您，也可在“我的${kindName}”中查看。`,
  }),
  signupWaiting: (kindName: string, title: string, place: number) => ({
    title: `已加入候补：${quoted(title)}`,
    body: `${kindName}${quoted(title)}名额已满，您已加入候补名单，目前排第 ${place} 位。有名额空出时会按顺序自动为您递补，并通知您。`,
  }),
  signupRejected: (kindName: string, title: string, reason: string) => ({
    title: `报名未通过：${quoted(title)}`,
    body: `很抱歉，您在${kindName}${quoted(title)}的报名未通过审核，原因：${reason}。如有疑问，请联系主办方。`,
  }),
  activityCheckin: (title: string, at: number) => ({
    title: `签到成功：${quoted(title)}`,
    body: `您已于 ${shanghaiTime(at)} 在活动${quoted(title)}签到，欢迎参加！`,
  }),
  cancelledByStaff: (kindName: string, title: string, reason: string) => ({
    title: `报名已取消：${quoted(title)}`,
    body: `您在${kindName}${quoted(title)}的报名已由工作人员取消，原因：${reason}。如有疑问，请联系主办方。`,
  }),
  reminder: (
    row: Pick<MessageReminderRow, 'subject_type' | 'subject_title' | 'lead_minutes' | 'event_at'>,
  ) => {
    const when = row.lead_minutes >= 1440 ? '明天' : '1 小时后';
    const at = shanghaiTime(row.event_at);
    const name = quoted(row.subject_title);
    switch (row.subject_type) {
      case 'live':
        return {
          title: `直播提醒：${name}${when}开始`,
          body: `您预约的直播${name}将于 ${at} 开始，记得准时观看。`,
        };
      case 'class':
        return {
          title: `开班提醒：${name}${when}开班`,
          body: `您报名的班级${name}将于 ${at} 开班，请合理安排时间。`,
        };
      default:
        return {
          title: `活动提醒：${name}${when}开始`,
          body: `您报名的活动${name}将于 ${at} 开始，请准时参加，到场后出示签到码签到。`,
        };
    }
  },
} as const;
