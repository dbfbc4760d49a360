import { describe, expect, it } from 'vitest';
import { formatLearningTime, formatTime, signedPoints } from './format.ts';

describe('formatLearningTime', () => {
  it('shows learning time in whole minutes and hours', () => {
    expect(formatLearningTime(0)).toBe('0 分钟');
    expect(formatLearningTime(30)).toBe('不到 1 分钟');
    expect(formatLearningTime(25 * 60 + 59)).toBe('25 分钟');
    expect(formatLearningTime(3600)).toBe('1 小时');
    expect(formatLearningTime(3900)).toBe('1 小时 5 分钟');
    expect(formatLearningTime(125 * 3600 + 59)).toBe('125 小时');
  });

  it('shows nothing learned for a missing or negative count', () => {
    expect(formatLearningTime(Number.NaN)).toBe('0 分钟');
    expect(formatLearningTime(-60)).toBe('0 分钟');
  });
});

describe('signedPoints', () => {
  it('signs awards and deductions', () => {
    expect(signedPoints(5)).toBe('+5');
    expect(signedPoints(-20)).toBe('−20');
    expect(signedPoints(0)).toBe('0');
  });
});

describe('formatTime', () => {
  it('shows a dash for no time', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
  });
});
