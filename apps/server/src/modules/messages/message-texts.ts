import type { MessageReminderRow } from '../../db/schema.ts';

/** `2026-11-23 09:30` in Shanghai time (the sites are in Shanghai). */
export function shanghaiTime(time: number): string {
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A title quoted in a message, cut so the message title stays short. */
const quoted = (title: string) => `「${title.length > 60 ? `${title.slice(0, 60)}…` : title}」`;

/** The Chinese texts of the messages the portal sends. */
export const MessageTexts = {
  notFound: '消息不存在或已删除',
  classSignup: (title: string, startAt: number) => ({
    title: `报名成功：${quoted(title)}`,
    body: `您已成功报名班级${quoted(title)}，开班时间 ${shanghaiTime(startAt)}。可在“我的班级”中查看，开班前一天和前一小时会提醒您。`,
  }),
  activitySignup: (title: string, startAt: number, place: string) => ({
    title: `报名成功：${quoted(title)}`,
    body: `您已成功报名活动${quoted(title)}，活动时间 ${shanghaiTime(startAt)}，地点：${place}。请到“我的活动”出示签到码签到，活动前一天和前一小时会提醒您。`,
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
