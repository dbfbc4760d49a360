import { describe, expect, it } from 'vitest';
import {
  addDays,
  clashesOf,
  clashesWith,
  overlaps,
  shanghaiDay,
  shanghaiMidnight,
} from './schedule-rules.ts';

const span = (id: number, start: string, end: string) => ({
  id,
  startsAt: `2026-11-27T${start}:00+08:00`,
  endsAt: `2026-11-27T${end}:00+08:00`,
});

describe('shanghai days', () => {
  it('names the date on the Shanghai wall clock', () => {
    expect(shanghaiDay('2026-11-26T15:59:00Z')).toBe('2026-11-26');
    expect(shanghaiDay('2026-11-26T16:00:00Z')).toBe('2026-11-27');
  });

  it('finds the Shanghai midnight of a real date only', () => {
    expect(shanghaiMidnight('2026-11-27')).toBe(Date.parse('2026-11-26T16:00:00Z'));
    expect(shanghaiMidnight('2026-02-30')).toBeNull();
    expect(shanghaiMidnight('2026-1-3')).toBeNull();
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the clash rule (时间冲突)', () => {
  it('clashes when the times overlap, not when one ends as the other starts', () => {
    expect(overlaps(span(1, '14:00', '15:30'), span(2, '15:00', '16:00'))).toBe(true);
    expect(overlaps(span(1, '14:00', '15:30'), span(2, '15:30', '16:00'))).toBe(false);
    expect(overlaps(span(1, '14:00', '18:00'), span(2, '15:00', '16:00'))).toBe(true);
  });

  it('marks both sessions of a clash with the other, by start time', () => {
    const a = span(1, '14:00', '15:30');
    const b = span(2, '14:45', '16:15');
    const c = span(3, '16:15', '17:00');
    const d = span(4, '09:00', '18:00');
    const clashes = clashesOf([c, b, a, d]);
    expect(clashes.get(1)?.map((s) => s.id)).toEqual([4, 2]);
    expect(clashes.get(2)?.map((s) => s.id)).toEqual([4, 1]);
    expect(clashes.get(3)?.map((s) => s.id)).toEqual([4]);
    expect(clashes.get(4)?.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(clashesOf([a, c]).size).toBe(0);
  });

  it('tells what a candidate would clash with among the picked, itself aside', () => {
    const a = span(1, '14:00', '15:30');
    const b = span(2, '14:45', '16:15');
    expect(clashesWith(span(3, '15:30', '16:00'), [a, b]).map((s) => s.id)).toEqual([2]);
    expect(clashesWith(a, [a])).toEqual([]);
  });
});
