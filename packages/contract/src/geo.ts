/**
 * Geography shared by the map, the experience bases and the humanities walks: coordinates are
 * WGS-84 (the datum of GPS and of the stored places); distances are great-circle metres.
 */
import { namedValues } from './named-values.ts';

/** A point on the globe, WGS-84 degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The place categories of the learning map, with the names the filters show. */
export const [PLACE_CATEGORIES, PLACE_CATEGORY_NAMES] = namedValues([
  ['point', '学习点'],
  ['school', '学校'],
  ['base', '体验基地'],
  ['walk', '人文行走'],
]);
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

const EARTH_RADIUS_M = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in metres (haversine). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when `value` is a finite latitude and longitude within the globe's range. */
export function isLatLng(value: { lat: unknown; lng: unknown }): value is LatLng {
  const { lat, lng } = value;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

/** 「1.2公里」 or 「350米」: a distance as the lists show it. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.max(1, Math.round(meters / 10) * 10)}米`;
  return `${(meters / 1000).toFixed(meters < 10_000 ? 1 : 0)}公里`;
}
