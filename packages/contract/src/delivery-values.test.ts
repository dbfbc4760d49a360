import { describe, expect, it } from 'vitest';
import {
  canMove,
  DELIVERY_MOVES,
  DELIVERY_STATUSES,
  deliveryDayProblem,
  earliestDeliveryDay,
} from './delivery-values.ts';

// 2026-11-26 23:30 in Shanghai (15:30 UTC): still the 26th there.
const NOW = Date.parse('2026-11-26T15:30:00Z');

describe('deliveryDayProblem', () => {
  it('takes the first date the lead time allows, counted in Shanghai days', () => {
    expect(earliestDeliveryDay('2026-11-26', 7)).toBe('2026-12-03');
    expect(deliveryDayProblem('2026-12-03', 7, NOW)).toBeNull();
    expect(deliveryDayProblem('2026-12-02', 7, NOW)).toBe(
      '须至少提前 7 天预约，最早可选 2026-12-03',
    );
  });

  it('refuses a past date, today with no lead time, and beyond a year', () => {
    expect(deliveryDayProblem('2026-11-25', 0, NOW)).toBe('不能选择已经过去的日期');
    expect(deliveryDayProblem('2026-11-26', 0, NOW)).toBe(
      '须至少提前 1 天预约，最早可选 2026-11-27',
    );
    expect(deliveryDayProblem('2027-11-27', 3, NOW)).toBe('最多可预约 365 天内的日期');
  });
});

describe('the moves of a request', () => {
  it('lets a request be withdrawn or rejected only before it is scheduled', () => {
    const withdrawable = DELIVERY_STATUSES.filter((status) => canMove(status, 'withdraw'));
    expect(withdrawable).toEqual(['submitted', 'accepted']);
    expect(DELIVERY_STATUSES.filter((status) => canMove(status, 'reject'))).toEqual([
      'submitted',
      'accepted',
    ]);
    expect(canMove('scheduled', 'complete')).toBe(true);
    expect(canMove('submitted', 'complete')).toBe(false);
    // No move leaves a finished request.
    for (const move of Object.keys(DELIVERY_MOVES) as Array<keyof typeof DELIVERY_MOVES>) {
      for (const end of ['completed', 'rejected', 'withdrawn'] as const) {
        expect(canMove(end, move)).toBe(false);
      }
    }
  });
});
