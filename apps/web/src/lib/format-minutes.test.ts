import { describe, expect, it } from 'vitest';
import { formatMinutes } from './format-minutes.ts';

describe('formatMinutes', () => {
  it('shows learning time in whole minutes and hours', () => {
    expect(formatMinutes(0)).toBe('0 分钟');
    expect(formatMinutes(30)).toBe('不到 1 分钟');
    expect(formatMinutes(25 * 60 + 59)).toBe('25 分钟');
    expect(formatMinutes(3600)).toBe('1 小时');
    expect(formatMinutes(3900)).toBe('1 小时 5 分钟');
    expect(formatMinutes(Number.NaN)).toBe('0 分钟');
  });
});
