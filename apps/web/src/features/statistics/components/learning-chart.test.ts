import { describe, expect, it } from 'vitest';
import { axisTicks } from './learning-chart.tsx';

describe('the chart axis', () => {
  it('ticks up past the tallest bar in at most 4 round steps', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(4.6)).toEqual([0, 2, 4, 6]);
    expect(axisTicks(96)).toEqual([0, 50, 100]);
    expect(axisTicks(15.4)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(40)).toEqual([0, 10, 20, 30, 40]);
  });
});
