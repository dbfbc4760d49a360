import { describe, expect, it } from 'vitest';
import { placeHref, placeRoute } from './place-route.ts';

describe('placeRoute', () => {
  it('opens each category at its page', () => {
    expect(placeHref({ id: 3, category: 'point' })).toBe('/mapDetailsPlace?id=3');
    expect(placeHref({ id: 4, category: 'school' })).toBe('/mapDetailsSchool?id=4');
    expect(placeHref({ id: 5, category: 'base' })).toBe('/Tiyan?id=5');
    expect(placeHref({ id: 6, category: 'walk' })).toBe('/mapDetails?id=6');
    expect(placeRoute('walk')).toBe('mapDetail');
  });
});
