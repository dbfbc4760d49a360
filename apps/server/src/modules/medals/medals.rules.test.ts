import { describe, expect, it } from 'vitest';
import { maskName, tenthHours, wholeHours } from './medals.rules.ts';

describe('maskName', () => {
  it('keeps the ends of a name and masks the middle', () => {
    expect(maskName('王秀兰')).toBe('王*兰');
    expect(maskName('李建')).toBe('李*');
    expect(maskName('欧阳秀兰')).toBe('欧**兰');
    expect(maskName('13800000001')).toBe('13*******01');
    expect(maskName('王')).toBe('*');
  });
});

describe('hours', () => {
  it('counts whole hours for medals and tenths for certificates', () => {
    expect(wholeHours(3599)).toBe(0);
    expect(wholeHours(3600)).toBe(1);
    expect(tenthHours(5400)).toBe(1.5);
  });
});
