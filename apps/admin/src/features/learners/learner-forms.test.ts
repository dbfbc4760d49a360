import { learnerPointsBodySchema } from '@portal/contract';
import { LEARNER_NOTE_MAX, POINTS_ADJUSTMENT_MAX } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import { reasonProblem as problemOf } from '@/ui/reason.ts';
import { adjustmentBody, balanceAfter, newAdjustmentKey, pointsProblem } from './learner-forms.ts';

const reasonProblem = (what: string, reason: string | undefined) =>
  problemOf(what, reason, LEARNER_NOTE_MAX);

describe('reasonProblem', () => {
  it('asks for a reason of two characters or more, spaces aside', () => {
    expect(reasonProblem('停用', undefined)).toBe('请写明停用的原因（至少 2 个字）');
    expect(reasonProblem('停用', '  好  ')).toBe('请写明停用的原因（至少 2 个字）');
    expect(reasonProblem('调整', '补录')).toBeUndefined();
  });

  it('refuses a reason longer than the contract allows', () => {
    expect(reasonProblem('调整', '字'.repeat(LEARNER_NOTE_MAX))).toBeUndefined();
    expect(reasonProblem('调整', '字'.repeat(LEARNER_NOTE_MAX + 1))).toBe(
      `调整原因最多 ${LEARNER_NOTE_MAX} 个字`,
    );
  });
});

describe('pointsProblem', () => {
  it('asks for a whole number of points that is not zero', () => {
    expect(pointsProblem('add', null)).toBe('请填写调整的积分');
    expect(pointsProblem('add', undefined)).toBe('请填写调整的积分');
    expect(pointsProblem('add', 0)).toBe('调整的积分不能为 0');
    expect(pointsProblem('add', 1.5)).toBe('调整的积分必须是整数');
    expect(pointsProblem('deduct', -3)).toBe('请填写正数，扣减积分请选择“扣减”');
    expect(pointsProblem('deduct', 3)).toBeUndefined();
  });

  it('keeps one adjustment within the most the contract allows, either way', () => {
    expect(pointsProblem('add', POINTS_ADJUSTMENT_MAX)).toBeUndefined();
    expect(pointsProblem('add', POINTS_ADJUSTMENT_MAX + 1)).toBe(
      `一次最多增加 ${POINTS_ADJUSTMENT_MAX} 积分`,
    );
    expect(pointsProblem('deduct', POINTS_ADJUSTMENT_MAX + 1)).toBe(
      `一次最多扣减 ${POINTS_ADJUSTMENT_MAX} 积分`,
    );
  });
});

describe('adjustmentBody', () => {
  it('sends a deduction as a negative amount, with the reason trimmed and the dialog’s key', () => {
    const key = newAdjustmentKey();
    const body = adjustmentBody(7, { direction: 'deduct', points: 20, reason: ' 重复发放 ' }, key);
    expect(body).toEqual({ id: 7, amount: -20, reason: '重复发放', key });
    expect(learnerPointsBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends what the contract accepts whenever the dialog’s checks pass', () => {
    const key = newAdjustmentKey();
    for (const [direction, points] of [
      ['add', 1],
      ['add', POINTS_ADJUSTMENT_MAX],
      ['deduct', POINTS_ADJUSTMENT_MAX],
    ] as const) {
      expect(pointsProblem(direction, points)).toBeUndefined();
      const body = adjustmentBody(1, { direction, points, reason: '活动补录' }, key);
      expect(learnerPointsBodySchema.safeParse(body).success).toBe(true);
    }
  });

  it('makes a new key for each dialog, of the form the contract asks', () => {
    const first = newAdjustmentKey();
    expect(first).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(newAdjustmentKey()).not.toBe(first);
  });
});

describe('balanceAfter', () => {
  it('adds or takes away from the balance as read', () => {
    expect(balanceAfter(10, 'add', 5)).toBe(15);
    expect(balanceAfter(10, 'deduct', 15)).toBe(-5);
  });
});
