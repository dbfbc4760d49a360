import gcoord from 'gcoord';
import { describe, expect, it } from 'vitest';
import { convert, displayDatum, type Gcoord } from './datum.ts';
import { streetLabels } from './labels.ts';

const kit = gcoord as unknown as Gcoord;

describe('displayDatum', () => {
  it('draws in the tiles datum with tiles, in GCJ-02 (the outlines) without', () => {
    expect(displayDatum({ mapTileUrl: 'https://t/{z}/{x}/{y}.png', mapTileDatum: 'wgs84' })).toBe(
      'wgs84',
    );
    expect(displayDatum({ mapTileUrl: 'https://t/{z}/{x}/{y}.png', mapTileDatum: 'gcj02' })).toBe(
      'gcj02',
    );
    expect(displayDatum({ mapTileUrl: null, mapTileDatum: 'wgs84' })).toBe('gcj02');
  });
});

describe('convert', () => {
  it('shifts a WGS-84 point in Shanghai by the GCJ-02 offset (a few hundred metres)', () => {
    const [lng, lat] = convert(kit, [121.4508, 31.2376], 'wgs84', 'gcj02');
    expect(lng - 121.4508).toBeGreaterThan(0.003);
    expect(lng - 121.4508).toBeLessThan(0.006);
    expect(lat - 31.2376).toBeLessThan(0);
    expect(convert(kit, [121.4508, 31.2376], 'wgs84', 'wgs84')).toEqual([121.4508, 31.2376]);
  });
});

describe('streetLabels', () => {
  it('labels each street once, at the middle of its places', () => {
    const labels = streetLabels([
      { street: '江宁路街道', lat: 31.24, lng: 121.44 },
      { street: '江宁路街道', lat: 31.26, lng: 121.46 },
      { street: '彭浦镇', lat: 31.29, lng: 121.43 },
    ]);
    const rounded = labels.map((l) => ({
      ...l,
      lat: Number(l.lat.toFixed(6)),
      lng: Number(l.lng.toFixed(6)),
    }));
    expect(rounded).toEqual([
      { text: '江宁路街道', lat: 31.25, lng: 121.45 },
      { text: '彭浦镇', lat: 31.29, lng: 121.43 },
    ]);
  });
});
