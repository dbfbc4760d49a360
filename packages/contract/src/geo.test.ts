import { describe, expect, it } from 'vitest';
import { distanceMeters, formatDistance, isLatLng } from './geo.ts';

describe('distanceMeters', () => {
  it('measures 静安寺 to 人民广场 at about 2.9 km', () => {
    const jinganTemple = { lat: 31.2235, lng: 121.4455 };
    const peoplesSquare = { lat: 31.2304, lng: 121.4737 };
    expect(distanceMeters(jinganTemple, peoplesSquare)).toBeGreaterThan(2_700);
    expect(distanceMeters(jinganTemple, peoplesSquare)).toBeLessThan(2_900);
  });

  it('is zero between a point and itself and symmetric', () => {
    const a = { lat: 31.25, lng: 121.45 };
    const b = { lat: 31.27, lng: 121.46 };
    expect(distanceMeters(a, a)).toBe(0);
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
  });
});

describe('isLatLng', () => {
  it('accepts coordinates in range and refuses the rest', () => {
    expect(isLatLng({ lat: 31.2, lng: 121.4 })).toBe(true);
    expect(isLatLng({ lat: 91, lng: 0 })).toBe(false);
    expect(isLatLng({ lat: 0, lng: -181 })).toBe(false);
    expect(isLatLng({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(isLatLng({ lat: '31', lng: 121 })).toBe(false);
  });
});

describe('formatDistance', () => {
  it('shows metres under a kilometre and kilometres above', () => {
    expect(formatDistance(348)).toBe('350米');
    expect(formatDistance(1234)).toBe('1.2公里');
    expect(formatDistance(23_456)).toBe('23公里');
  });
});
