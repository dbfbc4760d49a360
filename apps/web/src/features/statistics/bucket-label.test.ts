import { describe, expect, it } from 'vitest';
import { fullLabel, shortLabel, unitFor } from './bucket-label.ts';

describe('bucket labels', () => {
  it('names days, weeks and months briefly under the bars', () => {
    expect(shortLabel('30d', { start: '2026-11-06' })).toBe('11/6');
    expect(shortLabel('12w', { start: '2026-11-23' })).toBe('11/23');
    expect(shortLabel('12m', { start: '2026-01-01' })).toBe('1月');
  });

  it('names them in full in the table', () => {
    expect(fullLabel('30d', { start: '2026-11-06', end: '2026-11-06' })).toBe('11月6日');
    expect(fullLabel('12w', { start: '2026-11-23', end: '2026-11-29' })).toBe('11月23日–11月29日');
    expect(fullLabel('12m', { start: '2026-01-01', end: '2026-01-31' })).toBe('2026年1月');
  });

  it('counts in minutes until the largest bar passes two hours', () => {
    expect(unitFor([{ total: 0 }])).toEqual({ label: '分钟', seconds: 60 });
    expect(unitFor([{ total: 7200 }, { total: 60 }]).label).toBe('分钟');
    expect(unitFor([{ total: 7201 }]).label).toBe('小时');
  });
});
