/**
 * The zod-free values of the resource delivery contract (资源配送): kinds, statuses, the moves
 * between statuses and the date rule, shared by the server and the web app (which imports them
 * through `constants`, so zod stays out of its bundle).
 */
import { namedValues } from './named-values.ts';
import { addDays, shanghaiDay } from './schedule-rules.ts';

/** What can be delivered: a lecturer (讲师), a course taught on site (送课), a kit, an exhibition. */
export const [DELIVERY_KINDS, DELIVERY_KIND_LABELS] = namedValues([
  ['lecturer', '讲师'],
  ['course', '送课'],
  ['kit', '活动套件'],
  ['exhibition', '展览'],
]);
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** Where a request stands. */
export const [DELIVERY_STATUSES, DELIVERY_STATUS_LABELS] = namedValues([
  ['submitted', '已提交'],
  ['accepted', '已受理'],
  ['scheduled', '已排期'],
  ['completed', '已完成'],
  ['rejected', '已拒绝'],
  ['withdrawn', '已撤回'],
]);
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What the delivery staff do to a request. */
export const DELIVERY_STAFF_ACTIONS = ['accept', 'schedule', 'complete', 'reject'] as const;
export type DeliveryStaffAction = (typeof DELIVERY_STAFF_ACTIONS)[number];

/** Every move a request can make: the statuses it may leave and the one it reaches. */
export const DELIVERY_MOVES = {
  accept: { from: ['submitted'], to: 'accepted' },
  schedule: { from: ['accepted'], to: 'scheduled' },
  complete: { from: ['scheduled'], to: 'completed' },
  reject: { from: ['submitted', 'accepted'], to: 'rejected' },
  withdraw: { from: ['submitted', 'accepted'], to: 'withdrawn' },
} as const satisfies Record<
  DeliveryStaffAction | 'withdraw',
  { from: readonly DeliveryStatus[]; to: DeliveryStatus }
>;
export type DeliveryMove = keyof typeof DELIVERY_MOVES;

/** True when a request in `status` may make `move`. */
export function canMove(status: DeliveryStatus, move: DeliveryMove): boolean {
  return (DELIVERY_MOVES[move].from as readonly DeliveryStatus[]).includes(status);
}

/** Who changed a request: the learner who asked, or the delivery staff. */
export const DELIVERY_ACTORS = ['requester', 'staff'] as const;
export type DeliveryActor = (typeof DELIVERY_ACTORS)[number];

export const DELIVERY_TEXT_MAX = {
  address: 100,
  organisation: 60,
  contactName: 20,
  note: 300,
  reason: 200,
  place: 100,
  comment: 300,
} as const;

/** The largest audience a request may name, whatever the resource. */
export const DELIVERY_AUDIENCE_MAX = 10_000;
/** How far ahead a request may be made, in days. */
export const DELIVERY_HORIZON_DAYS = 365;

/** The first date a resource with `leadDays` can be requested for, seen on `today` (YYYY-MM-DD). */
export function earliestDeliveryDay(today: string, leadDays: number): string {
  return addDays(today, Math.max(leadDays, 1));
}

/**
 * Why `day` (YYYY-MM-DD, Asia/Shanghai) cannot be requested at `now` for a resource needing
 * `leadDays` days' notice, or null when it can. The message follows the field name `日期：`.
 */
export function deliveryDayProblem(day: string, leadDays: number, now: number): string | null {
  const today = shanghaiDay(now);
  if (day < today) return '不能选择已经过去的日期';
  const earliest = earliestDeliveryDay(today, leadDays);
  if (day < earliest) return `须至少提前 ${Math.max(leadDays, 1)} 天预约，最早可选 ${earliest}`;
  if (day > addDays(today, DELIVERY_HORIZON_DAYS))
    return `最多可预约 ${DELIVERY_HORIZON_DAYS} 天内的日期`;
  return null;
}
