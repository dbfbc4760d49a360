/**
 * The zod-free values of the learning map's contract (the web imports them through `constants`,
 * so zod stays out of its bundle): opening hours and whether a place is open now.
 */
import { namedValues } from './named-values.ts';

/** One rule of a place's weekly opening hours: on `days` (1 = Monday .. 7 = Sunday), open-close. */
export interface OpeningRule {
  days: number[];
  /** `HH:mm`, Asia/Shanghai. */
  open: string;
  /** `HH:mm`, after `open` (a place is never open past midnight). */
  close: string;
}

export const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'] as const;

/** The zoom levels of the map (Leaflet's, of 256 px tiles), from the whole city to a street. */
export const MAP_ZOOM_MIN = 10;
export const MAP_ZOOM_MAX = 18;

/** Places a near query answers at most. */
export const PLACES_NEAR_MAX = 50;
/** Longest place search query, in characters. */
export const PLACE_QUERY_MAX = 40;

/** The states of a place's learning project (学习项目), with their names. */
export const [PROJECT_STATUSES, PROJECT_STATUS_NAMES] = namedValues([
  ['recruiting', '招募中'],
  ['running', '进行中'],
  ['finished', '已结束'],
]);
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** China Standard Time has no daylight saving: always UTC+8. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** The weekday (1 = Monday .. 7 = Sunday) and minute of the day of `at` in Asia/Shanghai. */
export function shanghaiClock(at: number): { day: number; minute: number } {
  const local = new Date(at + SHANGHAI_OFFSET_MS);
  return {
    day: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

const minuteOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** True when a place with `hours` is open at `at` (epoch ms), read in Asia/Shanghai. */
export function isOpenAt(hours: readonly OpeningRule[], at: number): boolean {
  const { day, minute } = shanghaiClock(at);
  return hours.some(
    (rule) =>
      rule.days.includes(day) && minute >= minuteOf(rule.open) && minute < minuteOf(rule.close),
  );
}

/** The opening times of `day` (1..7) as `09:00-11:30、13:30-17:00`, or '' when closed all day. */
export function hoursOfDay(hours: readonly OpeningRule[], day: number): string {
  return hours
    .filter((rule) => rule.days.includes(day))
    .sort((a, b) => minuteOf(a.open) - minuteOf(b.open))
    .map((rule) => `${rule.open}-${rule.close}`)
    .join('、');
}

/** The week as lines `周一 09:00-17:00` (`闭馆` on days without hours), Monday first. */
export function weekLines(hours: readonly OpeningRule[]): Array<{ day: string; times: string }> {
  return WEEKDAY_NAMES.map((name, index) => ({
    day: `周${name}`,
    times: hoursOfDay(hours, index + 1) || '闭馆',
  }));
}

/** A name drawn on the map at a point (WGS-84): a street's, in the middle of its places. */
export interface StreetLabel {
  text: string;
  lat: number;
  lng: number;
}

/**
 * One label per street, at the middle of its places: the offline map names the streets the
 * places are in.
 */
export function streetLabels(
  places: ReadonlyArray<{ street: string; lat: number; lng: number }>,
): StreetLabel[] {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const place of places) {
    const sum = sums.get(place.street) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += place.lat;
    sum.lng += place.lng;
    sum.n += 1;
    sums.set(place.street, sum);
  }
  return [...sums].map(([text, sum]) => ({ text, lat: sum.lat / sum.n, lng: sum.lng / sum.n }));
}

/** The smallest rectangle (WGS-84 degrees) holding every point, or null for none. */
export function boundsOf(
  points: ReadonlyArray<{ lat: number; lng: number }>,
): { west: number; south: number; east: number; north: number } | null {
  if (points.length === 0) return null;
  const bounds = { west: 180, south: 90, east: -180, north: -90 };
  for (const { lat, lng } of points) {
    bounds.west = Math.min(bounds.west, lng);
    bounds.east = Math.max(bounds.east, lng);
    bounds.south = Math.min(bounds.south, lat);
    bounds.north = Math.max(bounds.north, lat);
  }
  return bounds;
}
