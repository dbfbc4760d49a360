import { describe, expect, it } from 'vitest';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, outputScale, stepZoom } from './zoom.ts';

describe('clampZoom', () => {
  it('keeps the zoom between the limits', () => {
    expect(clampZoom(0.1)).toBe(MIN_ZOOM);
    expect(clampZoom(9)).toBe(MAX_ZOOM);
    expect(clampZoom(1.5)).toBe(1.5);
  });

  it('answers 1 for a zoom that is not a number', () => {
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('rounds to two decimals', () => {
    expect(clampZoom(1.23456)).toBe(1.23);
  });
});

describe('stepZoom', () => {
  it('goes up and back down to exactly 1', () => {
    const up = stepZoom(1, 1);
    expect(up).toBe(1.25);
    expect(stepZoom(up, -1)).toBe(1);
  });

  it('stops at the limits', () => {
    expect(stepZoom(MAX_ZOOM, 1)).toBe(MAX_ZOOM);
    expect(stepZoom(MIN_ZOOM, -1)).toBe(MIN_ZOOM);
  });
});

describe('outputScale', () => {
  it('follows the device pixel ratio up to 2', () => {
    expect(outputScale(1, 400, 560)).toBe(1);
    expect(outputScale(3, 400, 560)).toBe(2);
    expect(outputScale(0, 400, 560)).toBe(1);
  });

  it('lowers the resolution of a very large page', () => {
    const scale = outputScale(3, 3000, 4200);
    expect(scale).toBeLessThan(1);
    expect(3000 * 4200 * scale * scale).toBeCloseTo(4_000_000, -3);
  });
});
