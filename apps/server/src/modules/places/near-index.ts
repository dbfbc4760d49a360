import { distanceMeters, type PlaceSummary } from '@portal/contract';
import KDBush from 'kdbush';

/** A place as a near query answers it, before its distance is known. */
export type NearPlace = Omit<PlaceSummary, 'distance'>;

/** The first circle holds about this many times the places asked for, where they are even. */
const FIRST_CIRCLE_FILL = 1.5;
/** About as many metres in a degree of latitude, everywhere. */
const METRES_PER_DEGREE = 111_000;
/**
 * The farthest place answered must lie this far inside the circle (as measured on the sphere):
 * the circle is planar, the order great-circle, and the two differ a little away from the
 * places' middle latitude.
 */
const INSIDE = 0.99;

/**
 * A filter's places (a site's, of a category) in a k-d tree (kdbush) of their positions, for
 * the places nearest to a point: made once per filter and content version, then each query
 * reads the circle around the point that holds `limit` of them, in memory. Positions are
 * planar (longitude scaled by the cosine of the places' middle latitude: within a city, a
 * circle); the answer is ordered by the great-circle distance.
 */
export class NearIndex {
  private readonly index: KDBush | null;
  private readonly lngScale: number;
  /** The radius (in scaled degrees) that holds every place from anywhere in their bounds. */
  private readonly span: number;
  /** Square degrees of the places' bounds per place. */
  private readonly areaPerPlace: number;
  /** The middle of the places' bounds, scaled. */
  private readonly centre: { x: number; y: number };

  constructor(private readonly places: readonly NearPlace[]) {
    const lats = places.map((place) => place.lat);
    const lngs = places.map((place) => place.lng);
    const middle = places.length === 0 ? 0 : (Math.min(...lats) + Math.max(...lats)) / 2;
    this.lngScale = Math.cos((middle * Math.PI) / 180);
    if (places.length === 0) {
      this.index = null;
      this.span = 0;
      this.areaPerPlace = 0;
      this.centre = { x: 0, y: 0 };
      return;
    }
    const index = new KDBush(places.length);
    for (const place of places) index.add(place.lng * this.lngScale, place.lat);
    this.index = index.finish();
    const width = (Math.max(...lngs) - Math.min(...lngs)) * this.lngScale;
    const height = Math.max(...lats) - Math.min(...lats);
    this.span = Math.hypot(width, height);
    this.areaPerPlace = Math.max(width * height, 1e-8) / places.length;
    this.centre = {
      x: ((Math.min(...lngs) + Math.max(...lngs)) / 2) * this.lngScale,
      y: middle,
    };
  }

  /** The `limit` places nearest to `point`, nearest first (ties by id), with their distances. */
  near(point: { lat: number; lng: number }, limit: number): PlaceSummary[] {
    if (!this.index || limit <= 0) return [];
    const x = point.lng * this.lngScale;
    const y = point.lat;
    // Far from the places, the circle must first reach them.
    const away = Math.max(0, Math.hypot(x - this.centre.x, y - this.centre.y) - this.span / 2);
    let radius = away + Math.sqrt((limit * FIRST_CIRCLE_FILL * this.areaPerPlace) / Math.PI);
    for (;;) {
      const everything = radius >= away + this.span;
      const ids = everything ? this.places.map((_, id) => id) : this.index.within(x, y, radius);
      if (ids.length >= limit || everything) {
        const nearest = ids
          .map((id) => {
            const place = this.places[id] as NearPlace;
            return { place, distance: distanceMeters(point, place) };
          })
          .sort((a, b) => a.distance - b.distance || a.place.id - b.place.id)
          .slice(0, limit);
        const farthest = nearest.at(-1)?.distance ?? 0;
        // Every place outside the circle is farther than the farthest answered.
        if (everything || farthest <= radius * METRES_PER_DEGREE * INSIDE) {
          return nearest.map(({ place, distance }) => ({
            ...place,
            distance: Math.round(distance),
          }));
        }
        radius = farthest / METRES_PER_DEGREE / INSIDE + 1e-9;
        continue;
      }
      radius *= ids.length === 0 ? 4 : Math.min(4, Math.max(1.5, Math.sqrt(limit / ids.length)));
    }
  }
}
