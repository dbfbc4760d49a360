import {
  type ActivitySummary,
  type ClassSummary,
  type CourseSummary,
  distanceMeters,
  ErrorCode,
  isOpenAt,
  type OpeningRule,
  openingRuleSchema,
  type Page,
  type PlaceDetail,
  type PlaceItemsQuery,
  type PlaceListQuery,
  type PlaceMarkersQuery,
  type PlaceMarkerView,
  type PlaceNearQuery,
  type PlaceProject,
  type PlaceSummary,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database, MapPlacesTable } from '../../db/schema.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import { activitySummariesByIds } from '../activities/activities.service.ts';
import { toClassSummary } from '../classes/classes.service.ts';
import { courseSummariesByIds } from '../courses/courses.service.ts';
import { MarkerIndexes } from './marker-index.ts';
import {
  countPlaceActivities,
  countPlaceClasses,
  countPlaceCourses,
  countPlaceProjects,
  countPlaces,
  findPlace,
  findPlaceRow,
  listBranchRows,
  listMarkerRows,
  listNearRows,
  listPlaceActivityIds,
  listPlaceClassRows,
  listPlaceCourseIds,
  listPlaceProjectRows,
  listPlaceRows,
} from './places.queries.ts';

export const PlaceMessages = {
  notFound: '地点不存在或已下线',
  halfPosition: '纬度和经度需同时提供',
  partialBounds: '地图范围需同时提供东南西北四个边界，且西不大于东、南不大于北',
} as const;

const placeGone = () => new AppError(ErrorCode.notFound, PlaceMessages.notFound);

/** Classes shown on a school's page before 「全部班级」. */
const DETAIL_CLASSES = 6;
/**
 * The first box a near query searches, half its side in degrees of latitude (about 550 m): a
 * dense city answers from it in one query (10,000 places over the district hold 50 places, or
 * 20 schools, within about 400 m), and each wider box on sparser data costs one more indexed
 * query.
 */
const FIRST_BOX_DEGREES = 0.005;
/**
 * How much wider than its farthest answer the box a near query starts with is, when an earlier
 * query of the same site, category and size answered: enough for a point of like density to be
 * answered from it in one round, and no wider (every place in the box is read and measured).
 */
const FIRST_BOX_MARGIN = 1.2;
/** The narrowest box a near query starts with (about 110 m). */
const MIN_FIRST_BOX_DEGREES = 0.001;
/** Past this box (about 550 km) a near query searches everywhere. */
const LAST_BOX_DEGREES = 5;
/** About as many metres in a degree of latitude, everywhere. */
const METRES_PER_DEGREE = 111_000;

/**
 * How much wider the next box is after one that held `found` of the `limit` places wanted:
 * enough for their density to give `limit` (with a margin), at least twice, at most eight times
 * (eight times when it held none).
 */
function sparseGrowth(found: number, limit: number): number {
  if (found === 0) return 8;
  return Math.min(8, Math.max(2, Math.sqrt(limit / found) * 1.5));
}

type PlaceRow = Pick<
  MapPlacesTable,
  'category' | 'kind' | 'name' | 'street' | 'address' | 'lat' | 'lng' | 'cover'
> & { id: number };

/** A place row as the contract's list item, with its distance when there is one. */
export function toPlaceSummary(row: PlaceRow, distance: number | null = null): PlaceSummary {
  return {
    id: row.id,
    category: row.category,
    kind: row.kind,
    name: row.name,
    street: row.street,
    address: row.address,
    lat: Number(row.lat),
    lng: Number(row.lng),
    cover: row.cover,
    distance: distance === null ? null : Math.round(distance),
  };
}

const hoursSchema = z.array(openingRuleSchema);
const photosSchema = z.array(z.string());

/** Stored JSON read back, or `fallback` when it is not what it should be (never a 500). */
function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** The opening hours stored on a place. */
export const parseHours = (text: string): OpeningRule[] => parseJson(text, hoursSchema, []);

/**
 * The learning map (学习地图): the places of a site (learning points, schools and their
 * branches, experience bases, walk stops), the ones nearest to a point, and what happens at
 * each (courses, activities, classes, projects).
 */
export class PlaceService {
  /**
   * The box each site, category and size of a near query starts with: sized by the last one
   * answered ({@link FIRST_BOX_MARGIN}), so the district's density picks it, not a constant that
   * is too wide where places are dense (250 places read for 50) and too narrow where they are few.
   */
  /** Where the last near query of a kind ended: its box, or null (everywhere). */
  private readonly firstBoxes = new Map<string, number | null>();

  /** The map's indexes of the places, per filter (see {@link markers}). */
  private readonly markerIndexes: MarkerIndexes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
    /**
     * The site's content version (the visitors' cache's): publishing places changes it, and the
     * map's indexes of the older version are made again.
     */
    private readonly contentVersion: (siteKey: string) => Promise<string | null> = async () => '',
  ) {
    this.markerIndexes = new MarkerIndexes(now);
  }

  /**
   * One page of the site's places of a category matching `q`: by street and name, or nearest
   * first with their distances when the learner's position comes with it.
   */
  list(siteKey: string, query: PlaceListQuery): Promise<Page<PlaceSummary>> {
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      throw invalid(PlaceMessages.halfPosition);
    }
    const from =
      query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng }
        : undefined;
    const filter = { siteKey, category: query.category, q: query.q || undefined };
    return readPage(
      query,
      {
        count: () => countPlaces(this.db, this.engine, filter),
        rows: (window) => listPlaceRows(this.db, this.engine, { ...filter, ...window, from }),
      },
      (rows) =>
        rows.map((row) =>
          toPlaceSummary(
            row,
            from ? distanceMeters(from, { lat: Number(row.lat), lng: Number(row.lng) }) : null,
          ),
        ),
    );
  }

  /**
   * What the map draws of the site's published places (of a category, matching `q`) in the view
   * the query names (the whole site without one) at its zoom: clusters and single places, from
   * an index of the filter's places made once and reused until the site's content version
   * changes (publishing) or a minute passes (every place counts, however many the district has;
   * the phone gets only what its view shows).
   */
  async markers(siteKey: string, query: PlaceMarkersQuery): Promise<PlaceMarkerView> {
    const sides = [query.west, query.south, query.east, query.north];
    const given = sides.filter((side) => side !== undefined).length;
    if (given !== 0 && given !== 4) throw invalid(PlaceMessages.partialBounds);
    const bounds =
      query.west !== undefined &&
      query.south !== undefined &&
      query.east !== undefined &&
      query.north !== undefined
        ? { west: query.west, south: query.south, east: query.east, north: query.north }
        : null;
    if (bounds && (bounds.west > bounds.east || bounds.south > bounds.north)) {
      throw invalid(PlaceMessages.partialBounds);
    }
    const q = query.q || undefined;
    // An unknown version (Redis down) is never reused: a fresh index each time.
    const version = (await this.contentVersion(siteKey)) ?? `unknown ${Math.random()}`;
    const index = await this.markerIndexes.get(
      JSON.stringify([siteKey, version, query.category ?? null, q ?? null]),
      async () => {
        const rows = await listMarkerRows(this.db, this.engine, {
          siteKey,
          category: query.category,
          q,
        });
        return rows.map((row) => ({ ...row, lat: Number(row.lat), lng: Number(row.lng) }));
      },
    );
    return index.view(bounds, query.zoom);
  }

  /**
   * The `limit` places nearest to the point, nearest first, each with its distance in metres.
   * Searches a box around the point, growing it until the box holds `limit` places and the
   * farthest of them lies within the box's inner circle (so no place outside the box can be
   * nearer), or the box covers everything. A box that held `limit` places grows to just reach
   * the farthest of them (the next one is then the last); one that held fewer grows by how
   * sparse they were, so a small site is searched whole in a few rounds.
   */
  async near(siteKey: string, query: PlaceNearQuery): Promise<PlaceSummary[]> {
    const point = { lat: query.lat, lng: query.lng };
    const kind = `${siteKey}\n${query.category ?? ''}\n${query.limit}`;
    const kept = this.firstBoxes.get(kind);
    let box: number | null = kept === undefined ? FIRST_BOX_DEGREES : kept;
    for (;;) {
      const rows = await listNearRows(this.db, this.engine, {
        siteKey,
        category: query.category,
        lat: query.lat,
        lng: query.lng,
        boxDegrees: box,
        limit: query.limit,
      });
      const measured = rows
        .map((row) => ({
          row,
          distance: distanceMeters(point, { lat: Number(row.lat), lng: Number(row.lng) }),
        }))
        .sort((a, b) => a.distance - b.distance || a.row.id - b.row.id);
      const farthest = measured.at(-1)?.distance ?? Number.POSITIVE_INFINITY;
      // A degree of latitude is about 111 km everywhere.
      const innerRadius = box === null ? Number.POSITIVE_INFINITY : box * METRES_PER_DEGREE;
      if (box === null || (rows.length === query.limit && farthest <= innerRadius)) {
        // Fewer places of the kind than asked for, anywhere: the next query looks everywhere at
        // once (once the site has enough, such a query answers `limit` and is fitted again).
        const fitted = (farthest / METRES_PER_DEGREE) * FIRST_BOX_MARGIN;
        this.firstBoxes.set(
          kind,
          rows.length < query.limit
            ? null
            : Math.min(Math.max(fitted, MIN_FIRST_BOX_DEGREES), box ?? LAST_BOX_DEGREES),
        );
        return measured.map(({ row, distance }) => toPlaceSummary(row, distance));
      }
      const next: number =
        rows.length === query.limit
          ? (farthest / METRES_PER_DEGREE) * 1.001
          : box * sparseGrowth(rows.length, query.limit);
      box = next > LAST_BOX_DEGREES ? null : next;
    }
  }

  /** A published place of the site with its hours (open now?), photos, school and branches. */
  async detail(siteKey: string, id: number): Promise<PlaceDetail> {
    const place = await findPlace(this.db, siteKey, id);
    if (!place) throw placeGone();
    const now = this.now();
    const hours = parseHours(place.hours);
    const [parent, branches, courseCount, activityCount, projectCount, classCount, classRows] =
      await Promise.all([
        place.parent_id === null ? undefined : findPlaceRow(this.db, siteKey, place.parent_id),
        listBranchRows(this.db, siteKey, place.id),
        countPlaceCourses(this.db, siteKey, place.id),
        countPlaceActivities(this.db, siteKey, place.id),
        countPlaceProjects(this.db, place.id),
        countPlaceClasses(this.db, siteKey, place.id),
        listPlaceClassRows(this.db, siteKey, place.id, { limit: DETAIL_CLASSES, offset: 0 }),
      ]);
    return {
      ...toPlaceSummary(place),
      phone: place.phone,
      hours,
      openNow: isOpenAt(hours, now),
      intro: sanitizeArticleHtml(place.intro),
      photos: parseJson(place.photos, photosSchema, []),
      parent: parent ? toPlaceSummary(parent) : null,
      branches: branches.map((row) => toPlaceSummary(row)),
      courseCount,
      activityCount,
      projectCount,
      classes: classRows.map((row) => toClassSummary(row, now)),
      classCount,
    };
  }

  /** One page of the place's courses (`/mapInfoCourse`). */
  async courses(siteKey: string, query: PlaceItemsQuery): Promise<Page<CourseSummary>> {
    await this.mustExist(siteKey, query.id);
    return readPage(
      query,
      {
        count: () => countPlaceCourses(this.db, siteKey, query.id),
        rows: (window) => listPlaceCourseIds(this.db, siteKey, query.id, window),
      },
      (ids) => courseSummariesByIds(this.db, siteKey, ids),
    );
  }

  /** One page of the place's activities, latest first (`/mapInfoAct`). */
  async activities(siteKey: string, query: PlaceItemsQuery): Promise<Page<ActivitySummary>> {
    await this.mustExist(siteKey, query.id);
    const now = this.now();
    return readPage(
      query,
      {
        count: () => countPlaceActivities(this.db, siteKey, query.id),
        rows: (window) => listPlaceActivityIds(this.db, siteKey, query.id, window),
      },
      (ids) => activitySummariesByIds(this.db, siteKey, ids, now),
    );
  }

  /** One page of a school's classes. */
  async classes(siteKey: string, query: PlaceItemsQuery): Promise<Page<ClassSummary>> {
    await this.mustExist(siteKey, query.id);
    const now = this.now();
    return readPage(
      query,
      {
        count: () => countPlaceClasses(this.db, siteKey, query.id),
        rows: (window) => listPlaceClassRows(this.db, siteKey, query.id, window),
      },
      (rows) => rows.map((row) => toClassSummary(row, now)),
    );
  }

  /** One page of the place's learning projects (`/mapInfoProject`). */
  async projects(siteKey: string, query: PlaceItemsQuery): Promise<Page<PlaceProject>> {
    await this.mustExist(siteKey, query.id);
    return readPage(
      query,
      {
        count: () => countPlaceProjects(this.db, query.id),
        rows: (window) => listPlaceProjectRows(this.db, query.id, window),
      },
      (rows) => rows.map((row) => ({ ...row, intro: sanitizeArticleHtml(row.intro) })),
    );
  }

  private async mustExist(siteKey: string, id: number) {
    if (!(await findPlaceRow(this.db, siteKey, id))) throw placeGone();
  }
}
