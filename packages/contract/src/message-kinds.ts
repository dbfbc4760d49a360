/** The zod-free part of the messages contract (the web imports it through `constants`). */
import { namedValues } from './named-values.ts';

/**
 * What a message is about (`MESSAGE_KINDS`), and what a learner calls each kind, as a tag on a
 * message (`MESSAGE_KIND_LABELS`).
 */
export const [MESSAGE_KINDS, MESSAGE_KIND_LABELS] = namedValues([
  ['signup', '报名'],
  ['checkin', '签到'],
  ['reminder', '提醒'],
  ['notice', '通知'],
  ['medal', '勋章'],
  ['team', '团队'],
  ['delivery', '配送'],
]);
export type MessageKind = (typeof MESSAGE_KINDS)[number];

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
