import { describe, expect, it } from 'vitest';
import { programmeSlotProblems, slotRefusal } from './programme-slots.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-12-01T00:00:00Z');
/** A slot `from` to `to` hours after NOW. */
const slot = (from: number, to: number, capacity = 10, id?: number) => ({
  ...(id === undefined ? {} : { id }),
  startAt: new Date(NOW + from * HOUR).toISOString(),
  endAt: new Date(NOW + to * HOUR).toISOString(),
  capacity,
});
const refusals = (slots: Parameters<typeof programmeSlotProblems>[0], now?: number) =>
  programmeSlotProblems(slots, now).map(slotRefusal);

describe('programmeSlotProblems', () => {
  it('takes slots back to back, in any order', () => {
    expect(refusals([slot(50, 52), slot(48, 50), slot(52, 76)], NOW)).toEqual([]);
  });

  it('names the later of two overlapping slots, by its place in the list', () => {
    expect(refusals([slot(50, 53), slot(48, 51)])).toEqual(['第 2 个场次：与第 1 个场次时间重叠']);
    expect(refusals([slot(48, 51), slot(60, 61), slot(50, 53)])).toEqual([
      '第 3 个场次：与第 1 个场次时间重叠',
    ]);
  });

  it('refuses an end not after the start, a slot over a day and seats out of range', () => {
    expect(refusals([slot(5, 5), slot(10, 35), slot(40, 41, 0), slot(50, 51, 501)])).toEqual([
      '第 1 个场次：结束时间须晚于开始时间',
      '第 2 个场次：一个场次最长 24 小时',
      '第 3 个场次：名额至少 1 人',
      '第 4 个场次：名额最多 500 人',
    ]);
  });

  it('refuses a new slot in the past, given the time, and leaves a stored one to the server', () => {
    expect(refusals([slot(-2, -1)], NOW)).toEqual(['第 1 个场次：开始时间已过，请选择以后的时间']);
    expect(refusals([slot(-2, -1, 10, 7)], NOW)).toEqual([]);
    expect(refusals([slot(-2, -1)])).toEqual([]);
  });
});
