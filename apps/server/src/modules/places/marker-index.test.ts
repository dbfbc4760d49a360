import type { PlaceMarker } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { KeptIndexes, MarkerIndex } from './marker-index.ts';

/** `n` places spread over a district-sized square (about 10 km), in a fixed pattern. */
function district(n: number): PlaceMarker[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    category: i % 3 === 0 ? 'school' : 'point',
    name: `地点${i + 1}`,
    street: `街道${i % 14}`,
    // Golden-ratio sequences: spread evenly, no two at one spot.
    lat: 31.2 + ((i * 0.618_034) % 1) * 0.1,
    lng: 121.4 + ((i * 0.754_878 + 0.5) % 1) * 0.1,
  }));
}

const counted = (view: ReturnType<MarkerIndex['view']>) =>
  view.places.length + view.clusters.reduce((sum, cluster) => sum + cluster.count, 0);

describe('the map of a whole district', () => {
  const places = district(10_000);
  const index = new MarkerIndex(places);

  it('counts every one of 10,000 places at every zoom, as clusters or single places', () => {
    for (const zoom of [10, 12, 14, 16, 18]) {
      expect(counted(index.view(null, zoom)), `zoom ${zoom}`).toBe(10_000);
    }
  });

  it('sends a phone a few hundred markers for the whole district, not thousands', () => {
    const whole = index.view(null, 12);
    expect(whole.clusters.length + whole.places.length).toBeLessThan(400);
    expect(whole.total).toBe(10_000);
    expect(whole.bounds).toEqual({
      west: Math.min(...places.map((p) => p.lng)),
      south: Math.min(...places.map((p) => p.lat)),
      east: Math.max(...places.map((p) => p.lng)),
      north: Math.max(...places.map((p) => p.lat)),
    });
    expect(whole.streets).toHaveLength(14);
  });

  it('answers a street view with the places in it, each on its own at the last zoom', () => {
    const view = { west: 121.4403, south: 31.2403, east: 121.4453, north: 31.2453 };
    const inside = places.filter(
      (p) => p.lng >= view.west && p.lng <= view.east && p.lat >= view.south && p.lat <= view.north,
    );
    const answer = index.view(view, 18);
    expect(answer.clusters).toEqual([]);
    expect(answer.places.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      inside.map((p) => p.id).sort((a, b) => a - b),
    );
  });

  it("parts a cluster at the zoom it names: the cluster's places, seen at that zoom, are more markers", () => {
    const [cluster] = index.view(null, 12).clusters.sort((a, b) => b.count - a.count);
    if (!cluster) throw new Error('no cluster');
    expect(cluster.zoom).toBeGreaterThan(12);
    const around = {
      west: cluster.lng - 0.02,
      south: cluster.lat - 0.02,
      east: cluster.lng + 0.02,
      north: cluster.lat + 0.02,
    };
    const before = index.view(around, 12);
    const after = index.view(around, cluster.zoom);
    expect(after.clusters.length + after.places.length).toBeGreaterThan(
      before.clusters.length + before.places.length,
    );
  });

  it('answers no markers and no bounds for a filter without places', () => {
    const empty = new MarkerIndex([]).view(null, 12);
    expect(empty).toEqual({ total: 0, bounds: null, clusters: [], places: [], streets: [] });
  });
});

describe('the kept indexes', () => {
  it('makes an index once per filter while it is fresh, and again after a minute', async () => {
    let now = 0;
    const indexes = new KeptIndexes<MarkerIndex>(() => now);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return new MarkerIndex(district(10));
    };
    await Promise.all([indexes.get('a', load), indexes.get('a', load)]);
    expect(loads).toBe(1);
    await indexes.get('b', load);
    expect(loads).toBe(2);
    now += 61_000;
    await indexes.get('a', load);
    expect(loads).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const indexes = new KeptIndexes<MarkerIndex>(() => 0);
    await expect(indexes.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect((await indexes.get('a', async () => new MarkerIndex(district(3)))).total).toBe(3);
  });
});
