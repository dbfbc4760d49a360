import type { PlaceCategory } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { publishedOn } from '../content/published.ts';

export interface PlaceListFilter {
  siteKey: string;
  category?: PlaceCategory | undefined;
  /** Matched anywhere in the name, address or street; LIKE wildcards in it are literal. */
  q?: string | undefined;
}

export const PLACE_COLUMNS = [
  'p.id',
  'p.category',
  'p.kind',
  'p.parent_id',
  'p.name',
  'p.street',
  'p.address',
  'p.lat',
  'p.lng',
  'p.cover',
] as const;

/** The published places of a site matching the filter, as a query to count or page. */
function filteredPlaces(db: Kysely<Database>, engine: Engine, filter: PlaceListFilter) {
  let query = db.selectFrom('map_places as p').where(publishedOn(filter.siteKey, 'p'));
  if (filter.category !== undefined) query = query.where('p.category', '=', filter.category);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where(({ or }) =>
      or(
        ['p.name', 'p.address', 'p.street'].map((column) =>
          matchesPattern(engine, column, pattern),
        ),
      ),
    );
  }
  return query;
}

/** How many published places of the site match the filter. */
export function countPlaces(db: Kysely<Database>, engine: Engine, filter: PlaceListFilter) {
  return countRows(filteredPlaces(db, engine, filter));
}

/**
 * The equirectangular distance of `p` from a point, squared and in degrees of latitude (plain
 * arithmetic, the same on both engines): orders places by distance as exactly as a city needs.
 */
function squaredDistance(point: { lat: number; lng: number }) {
  const lngScale = Math.cos((point.lat * Math.PI) / 180);
  const dLat = sql`(p.lat - ${point.lat})`;
  const dLng = sql`((p.lng - ${point.lng}) * ${lngScale})`;
  return sql`${dLat} * ${dLat} + ${dLng} * ${dLng}`;
}

/**
 * One page of the matching places, nearest to `from` first when given (a district's few hundred
 * places are measured in full), else by street, then name (ties by id).
 */
export function listPlaceRows(
  db: Kysely<Database>,
  engine: Engine,
  filter: PlaceListFilter & {
    limit: number;
    offset: number;
    from?: { lat: number; lng: number } | undefined;
  },
) {
  let query = filteredPlaces(db, engine, filter).select(PLACE_COLUMNS);
  if (filter.from) query = query.orderBy(squaredDistance(filter.from));
  return query
    .orderBy('p.street')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

/** Every matching place as the map marks it. */
export function listMarkerRows(db: Kysely<Database>, engine: Engine, filter: PlaceListFilter) {
  return filteredPlaces(db, engine, filter)
    .select(['p.id', 'p.category', 'p.name', 'p.street', 'p.lat', 'p.lng'])
    .orderBy('p.id')
    .execute();
}

/** Every published place of the site (of a category), by id: what near queries index. */
export function listAllPlaceRows(db: Kysely<Database>, engine: Engine, filter: PlaceListFilter) {
  return filteredPlaces(db, engine, filter).select(PLACE_COLUMNS).orderBy('p.id').execute();
}

/** A published place of the site, with all its columns. */
export function findPlace(db: Kysely<Database>, siteKey: string, id: number) {
  return db
    .selectFrom('map_places as p')
    .selectAll('p')
    .where('p.id', '=', id)
    .where(publishedOn(siteKey, 'p'))
    .executeTakeFirst();
}

/** The published branches of a school, by name. */
export function listBranchRows(db: Kysely<Database>, siteKey: string, parentId: number) {
  return db
    .selectFrom('map_places as p')
    .select(PLACE_COLUMNS)
    .where('p.parent_id', '=', parentId)
    .where(publishedOn(siteKey, 'p'))
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
}

/** One published place of the site as a list row, or undefined. */
export function findPlaceRow(db: Kysely<Database>, siteKey: string, id: number) {
  return db
    .selectFrom('map_places as p')
    .select(PLACE_COLUMNS)
    .where('p.id', '=', id)
    .where(publishedOn(siteKey, 'p'))
    .executeTakeFirst();
}

/** The place's published courses, as a query. */
function placeCourses(db: Kysely<Database>, siteKey: string, placeId: number) {
  return db
    .selectFrom('map_place_courses as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .where('l.place_id', '=', placeId)
    .where(publishedOn(siteKey, 'c'));
}

export const countPlaceCourses = (db: Kysely<Database>, siteKey: string, placeId: number) =>
  countRows(placeCourses(db, siteKey, placeId));

/** The ids of one page of the place's courses, in the place's order. */
export async function listPlaceCourseIds(
  db: Kysely<Database>,
  siteKey: string,
  placeId: number,
  window: { limit: number; offset: number },
) {
  const rows = await placeCourses(db, siteKey, placeId)
    .select('c.id')
    .orderBy('l.sort')
    .orderBy('c.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => row.id);
}

/** The place's published activities (those whose `map_place_id` names it), as a query. */
function placeActivities(db: Kysely<Database>, siteKey: string, placeId: number) {
  return db
    .selectFrom('activities as a')
    .where('a.map_place_id', '=', placeId)
    .where(publishedOn(siteKey, 'a'));
}

export const countPlaceActivities = (db: Kysely<Database>, siteKey: string, placeId: number) =>
  countRows(placeActivities(db, siteKey, placeId));

/** The ids of one page of the place's activities, latest start first. */
export async function listPlaceActivityIds(
  db: Kysely<Database>,
  siteKey: string,
  placeId: number,
  window: { limit: number; offset: number },
) {
  const rows = await placeActivities(db, siteKey, placeId)
    .select('a.id')
    .orderBy('a.start_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => row.id);
}

/** The place's published classes, as a query. */
function placeClasses(db: Kysely<Database>, siteKey: string, placeId: number) {
  return db
    .selectFrom('map_place_classes as l')
    .innerJoin('classes as c', 'c.id', 'l.class_id')
    .where('l.place_id', '=', placeId)
    .where(publishedOn(siteKey, 'c'));
}

export const countPlaceClasses = (db: Kysely<Database>, siteKey: string, placeId: number) =>
  countRows(placeClasses(db, siteKey, placeId));

/** One page of the place's classes as summary rows, in the place's order. */
export function listPlaceClassRows(
  db: Kysely<Database>,
  siteKey: string,
  placeId: number,
  window: { limit: number; offset: number },
) {
  return placeClasses(db, siteKey, placeId)
    .select([
      'c.id',
      'c.title',
      'c.cover',
      'c.term',
      'c.schedule',
      'c.place',
      'c.teacher_name',
      'c.capacity',
      'c.seats_taken',
      'c.signup_start',
      'c.signup_end',
      'c.start_at',
      'c.end_at',
    ])
    .orderBy('l.sort')
    .orderBy('c.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** The place's published projects, as a query. */
function placeProjects(db: Kysely<Database>, placeId: number) {
  return db
    .selectFrom('map_place_projects as j')
    .where('j.place_id', '=', placeId)
    .where('j.published', '=', 1);
}

export const countPlaceProjects = (db: Kysely<Database>, placeId: number) =>
  countRows(placeProjects(db, placeId));

/** One page of the place's projects, in the place's order. */
export function listPlaceProjectRows(
  db: Kysely<Database>,
  placeId: number,
  window: { limit: number; offset: number },
) {
  return placeProjects(db, placeId)
    .select(['j.id', 'j.title', 'j.intro', 'j.cover', 'j.period', 'j.status'])
    .orderBy('j.sort')
    .orderBy('j.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
