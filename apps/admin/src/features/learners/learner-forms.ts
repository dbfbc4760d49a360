import type { LearnerPointsBody } from '@portal/contract';
import { POINTS_ADJUSTMENT_MAX } from '@portal/contract/constants';

/*
 * The checks of the learner dialogs before they send, the contract's (learnerDisableBodySchema,
 * learnerPointsBodySchema) with its words; what only the server knows (the balance it holds
 * now) it answers itself.
 */

/** Whether an adjustment adds points or takes them away (the dialog's 增加 / 扣减). */
export type AdjustDirection = 'add' | 'deduct';

export const ADJUST_DIRECTION_NAMES: Record<AdjustDirection, string> = {
  add: '增加',
  deduct: '扣减',
};

/** What the points dialog holds: the points as a count, their direction apart. */
export interface AdjustmentForm {
  direction: AdjustDirection;
  points: number | null | undefined;
  reason: string | undefined;
}

/** Why the points to add or take away cannot be sent, or undefined when they can. */
export function pointsProblem(
  direction: AdjustDirection,
  points: number | null | undefined,
): string | undefined {
  if (points === null || points === undefined || Number.isNaN(points)) return '请填写调整的积分';
  if (!Number.isInteger(points)) return '调整的积分必须是整数';
  if (points === 0) return '调整的积分不能为 0';
  if (points < 0) return '请填写正数，扣减积分请选择“扣减”';
  if (points > POINTS_ADJUSTMENT_MAX) {
    return `一次最多${ADJUST_DIRECTION_NAMES[direction]} ${POINTS_ADJUSTMENT_MAX} 积分`;
  }
  return undefined;
}

/** The signed amount an adjustment sends: positive adds, negative takes away. */
export const amountOf = (direction: AdjustDirection, points: number) =>
  direction === 'deduct' ? -points : points;

/** The balance an adjustment would leave, from the balance as last read. */
export const balanceAfter = (balance: number, direction: AdjustDirection, points: number) =>
  balance + amountOf(direction, points);

/**
 * The request of a checked form. `key` is the dialog's: one per opening, so a double click or a
 * retry after a lost answer is one adjustment on the server.
 */
export function adjustmentBody(id: number, form: AdjustmentForm, key: string): LearnerPointsBody {
  return {
    id,
    amount: amountOf(form.direction, form.points ?? 0),
    reason: form.reason?.trim() ?? '',
    key,
  };
}

/** A new submission key (8–64 of A-Z, a-z, 0-9 and `-`): a UUID. */
export const newAdjustmentKey = () => crypto.randomUUID();
