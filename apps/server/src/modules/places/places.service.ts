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
import { KeptIndexes, MarkerIndex } from './marker-index.ts';
import { NearIndex } from './near-index.ts';
import {
  countPlaceActivities,
  countPlaceClasses,
  countPlaceCourses,
  countPlaceProjects,
  countPlaces,
  findPlace,
  findPlaceRow,
  listAllPlaceRows,
  listBranchRows,
  listMarkerRows,
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
  /** The map's indexes of the places, per filter (see {@link markers}). */
  private readonly markerIndexes: KeptIndexes<MarkerIndex>;
  /** The places of each site and category in a k-d tree, for near queries (see {@link near}). */
  private readonly nearIndexes: KeptIndexes<NearIndex>;

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
    this.markerIndexes = new KeptIndexes(now);
    this.nearIndexes = new KeptIndexes(now);
  }

  /**
   * The site's content version, as the indexes are kept by: an unknown one (Redis down) is
   * never reused, so each call makes a fresh index.
   */
  private async indexVersion(siteKey: string): Promise<string> {
    return (await this.contentVersion(siteKey)) ?? `unknown ${Math.random()}`;
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
    const version = await this.indexVersion(siteKey);
    const index = await this.markerIndexes.get(
      JSON.stringify([siteKey, version, query.category ?? null, q ?? null]),
      async () => {
        const rows = await listMarkerRows(this.db, this.engine, {
          siteKey,
          category: query.category,
          q,
        });
        return new MarkerIndex(
          rows.map((row) => ({ ...row, lat: Number(row.lat), lng: Number(row.lng) })),
        );
      },
    );
    return index.view(bounds, query.zoom);
  }

  /**
   * The `limit` places nearest to the point, nearest first, each with its distance in metres:
   * from the site's places of the category in a k-d tree ({@link NearIndex}), made once per
   * site, category and content version as the map's indexes are (publishing places changes the
   * version), and kept a minute at most.
   */
  async near(siteKey: string, query: PlaceNearQuery): Promise<PlaceSummary[]> {
    const version = await this.indexVersion(siteKey);
    const index = await this.nearIndexes.get(
      JSON.stringify([siteKey, version, query.category ?? null]),
      async () => {
        const rows = await listAllPlaceRows(this.db, this.engine, {
          siteKey,
          category: query.category,
        });
        return new NearIndex(rows.map((row) => toPlaceSummary(row)));
      },
    );
    return index.near({ lat: query.lat, lng: query.lng }, query.limit);
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
