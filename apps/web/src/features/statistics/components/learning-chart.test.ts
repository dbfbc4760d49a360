import { describe, expect, it } from 'vitest';
import { axisTop } from './learning-chart.tsx';

describe('the chart axis', () => {
  it('tops the tallest bar with a round number', () => {
    expect(axisTop(0)).toBe(1);
    expect(axisTop(4.6)).toBe(6);
    expect(axisTop(96)).toBe(100);
    expect(axisTop(15.4)).toBe(20);
    expect(axisTop(40)).toBe(40);
  });
});
