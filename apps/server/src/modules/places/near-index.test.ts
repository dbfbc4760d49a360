import { distanceMeters, type PlaceCategory } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { NearIndex, type NearPlace } from './near-index.ts';

/** A reproducible scatter of `count` places around 静安 (a 10 km square), every third a school. */
function scatter(count: number): NearPlace[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    category: (i % 3 === 0 ? 'school' : 'walk') as PlaceCategory,
    kind: '学习点',
    name: `点${i + 1}`,
    street: '静安寺街道',
    address: '静安区',
    lat: 31.18 + random() * 0.09,
    lng: 121.4 + random() * 0.1,
    cover: null,
  }));
}

/** The answer measured one place at a time: every place, by distance, then id. */
function measuredOneByOne(places: NearPlace[], point: { lat: number; lng: number }, limit: number) {
  return places
    .map((place) => ({ ...place, distance: Math.round(distanceMeters(point, place)) }))
    .sort((a, b) => distanceMeters(point, a) - distanceMeters(point, b) || a.id - b.id)
    .slice(0, limit);
}

describe('NearIndex', () => {
  const places = scatter(5_000);
  const index = new NearIndex(places);

  it('answers the nearest places, nearest first, as measuring every place does', () => {
    for (const point of [
      { lat: 31.2292, lng: 121.4558 },
      { lat: 31.18, lng: 121.4 },
      { lat: 31.27, lng: 121.5 },
      { lat: 31.2, lng: 121.47 },
    ]) {
      for (const limit of [1, 20, 50]) {
        expect(index.near(point, limit)).toEqual(measuredOneByOne(places, point, limit));
      }
    }
  });

  it('reaches the places from far away, and answers all of them when fewer than asked', () => {
    const far = { lat: 39.9, lng: 116.4 };
    expect(index.near(far, 5)).toEqual(measuredOneByOne(places, far, 5));
    const few = scatter(7);
    expect(new NearIndex(few).near({ lat: 31.2, lng: 121.45 }, 20)).toEqual(
      measuredOneByOne(few, { lat: 31.2, lng: 121.45 }, 20),
    );
  });

  it('answers nothing from no places', () => {
    expect(new NearIndex([]).near({ lat: 31.2, lng: 121.45 }, 20)).toEqual([]);
  });
});
