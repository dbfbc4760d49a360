/**
 * The zod-free values of the learning map's contract (the web imports them through `constants`,
 * so zod stays out of its bundle): opening hours and whether a place is open now.
 */
import { distanceMeters, type LatLng, type PlaceCategory } from './geo.ts';
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

/*
 * The console's places (`/api/admin/places`): what an operator may write of a place of the map.
 * Zod-free, so the console checks a form with the same rules and messages as the server.
 */

/**
 * The kinds (the name learners see) each category of place may have, as the seed writes them:
 * the first is the usual one. A branch (老年大学分校) belongs to a school of the site.
 */
export const PLACE_KINDS = {
  point: ['学习点', '社区文化活动中心', '居民区学习点', '图书馆学习点', '场馆学习点', '户外学习点'],
  school: ['社区学校', '社区学院', '老年大学', '老年大学分校'],
  base: ['体验基地'],
  walk: ['人文行走点'],
} as const satisfies Record<PlaceCategory, readonly string[]>;

/** The kind of a branch of a school: it names its school (`parent_id`). */
export const PLACE_BRANCH_KIND = '老年大学分校';

/** Whether `kind` is one of the kinds of `category` (社区学校 is a school, not a point). */
export const isPlaceKindOf = (category: PlaceCategory, kind: string): boolean =>
  (PLACE_KINDS[category] as readonly string[]).includes(kind);

/** A place's district as its site names it: its middle and how far from it its places may lie. */
export interface SiteDistrict {
  /** e.g. 静安区 */
  name: string;
  center: LatLng;
  /** Farther than this from the middle is not the district (its farthest corner and a margin). */
  radiusKm: number;
}

/**
 * The districts of the sites the portal runs (WGS-84): a place typed or picked for the site lies
 * within `radiusKm` of the middle. 静安区 reaches about 6 km from its middle, 徐汇区 about 8.
 */
export const SITE_DISTRICTS: Readonly<Record<string, SiteDistrict>> = {
  jingan: { name: '静安区', center: { lat: 31.255, lng: 121.452 }, radiusKm: 10 },
  xuhui: { name: '徐汇区', center: { lat: 31.168, lng: 121.437 }, radiusKm: 12 },
};

/** Shanghai (上海市, Chongming included) as a box of WGS-84 degrees: a site without a district above. */
export const SHANGHAI_BOUNDS = { west: 120.85, south: 30.66, east: 122.25, north: 31.88 } as const;

/**
 * Why `point` cannot be a place of the site (too far from its district, or outside Shanghai for
 * a site without one), as the message after `位置：`; null when it can.
 */
export function placeAreaProblem(siteKey: string, point: LatLng): string | null {
  const district = SITE_DISTRICTS[siteKey];
  if (district) {
    const km = distanceMeters(district.center, point) / 1000;
    if (km <= district.radiusKm) return null;
    return `离${district.name}太远（距区中心约 ${km < 100 ? km.toFixed(1) : Math.round(km)} 公里），请核对经纬度（WGS-84）`;
  }
  const { west, south, east, north } = SHANGHAI_BOUNDS;
  if (point.lat >= south && point.lat <= north && point.lng >= west && point.lng <= east) {
    return null;
  }
  return '不在上海市范围内，请核对经纬度（WGS-84）';
}

/** The most rows of opening hours a place has. */
export const PLACE_HOURS_ROWS_MAX = 14;
/** `HH:mm`, 00:00 to 23:59. */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What is wrong with a place's weekly opening hours, each with the row it is about (0-based):
 * a row without days, a day outside 1..7, a time not `HH:mm`, a close not after its open (a
 * place is never open past midnight), two rows of the same day that overlap. Empty when none.
 */
export function hoursProblems(
  rows: ReadonlyArray<{ days: readonly number[]; open: string; close: string }>,
): Array<{ row: number; message: string }> {
  const problems: Array<{ row: number; message: string }> = [];
  const spans: Array<{ row: number; day: number; from: number; to: number }> = [];
  rows.forEach((rule, row) => {
    const line = `第 ${row + 1} 行`;
    if (rule.days.length === 0) problems.push({ row, message: `${line}请至少选择一天` });
    if (rule.days.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) {
      problems.push({ row, message: `${line}的星期须在 1（周一）到 7（周日）之间` });
      return;
    }
    if (!HHMM_PATTERN.test(rule.open) || !HHMM_PATTERN.test(rule.close)) {
      problems.push({ row, message: `${line}的时间须为 HH:mm，如 09:00` });
      return;
    }
    const from = minuteOf(rule.open);
    const to = minuteOf(rule.close);
    if (from >= to) {
      problems.push({ row, message: `${line}的关门时间须晚于开门时间` });
      return;
    }
    for (const day of new Set(rule.days)) spans.push({ row, day, from, to });
  });
  for (const [i, a] of spans.entries()) {
    const clash = spans.slice(0, i).find((b) => b.day === a.day && b.from < a.to && a.from < b.to);
    if (clash && !problems.some((problem) => problem.row === a.row)) {
      problems.push({
        row: a.row,
        message: `第 ${a.row + 1} 行与第 ${clash.row + 1} 行在周${WEEKDAY_NAMES[a.day - 1]}的时间重叠`,
      });
    }
  }
  return problems;
}
