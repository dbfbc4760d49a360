/** The zod-free part of the messages contract (the web imports it through `constants`). */

/** What a message is about. */
export const MESSAGE_KINDS = [
  'signup',
  'checkin',
  'reminder',
  'notice',
  'medal',
  'team',
  'delivery',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** What a learner calls each kind, as a tag on a message. */
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  signup: '报名',
  checkin: '签到',
  reminder: '提醒',
  notice: '通知',
  medal: '勋章',
  team: '团队',
  delivery: '配送',
};

/** The kinds of content a message links to. */
export const MESSAGE_LINK_TYPES = [
  'class',
  'activity',
  'live',
  'article',
  'course',
  'team',
  'delivery',
] as const;
export type MessageLinkType = (typeof MESSAGE_LINK_TYPES)[number];
