import type { DeliveryKind, DeliveryStatus } from '@portal/contract';
import type { Kysely } from 'kysely';
import { compiledCount, compiledExists, compiledOnce } from '../../db/compiled.ts';
import type { PageWindow } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type {
  Database,
  DeliveryRequestHistoryTable,
  NewDeliveryRequestRow,
} from '../../db/schema.ts';
import { publishedOn } from '../content/published.ts';
import { holdsSiteRole } from '../operators/operators.queries.ts';

type Db = Kysely<Database>;

const RESOURCE_CARD = [
  'id',
  'kind',
  'title',
  'cover',
  'tags',
  'audience_min',
  'audience_max',
  'lead_days',
  'lecturer_name',
] as const;

/** The published resources of a site (of a kind), as a query to count or page. */
function publishedResources(db: Db, siteKey: string, kind: DeliveryKind | undefined) {
  return db
    .selectFrom('delivery_resources')
    .where(publishedOn(siteKey, 'delivery_resources'))
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind as DeliveryKind));
}

/** How many published resources of a site (of a kind) there are. */
export function countResourceRows(db: Db, siteKey: string, kind?: DeliveryKind) {
  return countRows(publishedResources(db, siteKey, kind));
}

/** One window of a site's published resources (of a kind), in catalogue order. */
export function listResourceRows(
  db: Db,
  siteKey: string,
  kind: DeliveryKind | undefined,
  window: PageWindow,
) {
  return publishedResources(db, siteKey, kind)
    .select(RESOURCE_CARD)
    .orderBy('id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
export type ResourceCardRow = Awaited<ReturnType<typeof listResourceRows>>[number];

/** A resource of the site, published or not (the caller decides), or undefined. */
export function findResource(db: Db, siteKey: string, id: number) {
  return db
    .selectFrom('delivery_resources')
    .selectAll()
    .where('site_key', '=', siteKey)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a request; answers its id. */
export async function insertRequest(db: Db, row: NewDeliveryRequestRow) {
  const inserted = await db
    .insertInto('delivery_requests')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Records one change of a request. */
export async function insertHistory(
  db: Db,
  row: Omit<DeliveryRequestHistoryTable, 'id' | 'note'> & { note: string },
) {
  await db.insertInto('delivery_request_history').values(row).execute();
}

const REQUEST_CARD = [
  'delivery_requests.id',
  'delivery_requests.resource_id',
  'delivery_resources.title as resource_title',
  'delivery_resources.kind as resource_kind',
  'delivery_resources.cover',
  'delivery_requests.status',
  'delivery_requests.day',
  'delivery_requests.address',
  'delivery_requests.audience',
  'delivery_requests.organisation',
  'delivery_requests.created_at',
  'delivery_requests.updated_at',
] as const;

/** The requests of a site with their resource, selecting a request card's columns. */
function requestCards(db: Db, siteKey: string) {
  return db
    .selectFrom('delivery_requests')
    .innerJoin('delivery_resources', 'delivery_resources.id', 'delivery_requests.resource_id')
    .select(REQUEST_CARD)
    .where('delivery_requests.site_key', '=', siteKey);
}

/** How many requests a learner made on a site. */
// A learner's requests and one request's page are read on every visit of 送学上门's pages:
// their queries are compiled once (building them cost more than running them).
const countMyRequestsQuery = compiledCount((db, siteKey: string, userId: number) =>
  db.selectFrom('delivery_requests').where('site_key', '=', siteKey).where('user_id', '=', userId),
);

export function countMyRequestRows(db: Db, siteKey: string, userId: number) {
  return countMyRequestsQuery(db, siteKey, userId);
}

/** One window of a learner's requests on a site, newest first. */
const myRequestsQuery = compiledOnce(
  (db, siteKey: string, userId: number, limit: number, offset: number) =>
    requestCards(db, siteKey)
      .where('delivery_requests.user_id', '=', userId)
      .orderBy('delivery_requests.id', 'desc')
      .limit(limit)
      .offset(offset),
);

export function listMyRequestRows(db: Db, siteKey: string, userId: number, window: PageWindow) {
  return myRequestsQuery(db, siteKey, userId, window.limit, window.offset);
}
export type RequestCardRow = Awaited<ReturnType<typeof listMyRequestRows>>[number];

/** How many requests of a site are in `status`. */
export function countStatusRows(db: Db, siteKey: string, status: DeliveryStatus) {
  return countRows(
    db.selectFrom('delivery_requests').where('site_key', '=', siteKey).where('status', '=', status),
  );
}

/** One window of a site's requests in `status`, oldest first (first come, first handled). */
export function listStatusRows(
  db: Db,
  siteKey: string,
  status: DeliveryStatus,
  window: PageWindow,
) {
  return requestCards(db, siteKey)
    .where('delivery_requests.status', '=', status)
    .orderBy('delivery_requests.id', 'asc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** A request of the site with its resource's card fields, or undefined. */
const requestQuery = compiledOnce((db, siteKey: string, id: number) =>
  requestCards(db, siteKey)
    .select([
      'delivery_requests.user_id',
      'delivery_requests.contact_name',
      'delivery_requests.contact_phone',
      'delivery_requests.note',
      'delivery_requests.scheduled_at',
      'delivery_requests.scheduled_place',
      'delivery_requests.reason',
      'delivery_requests.rating',
      'delivery_requests.rating_comment',
    ])
    .where('delivery_requests.id', '=', id),
);

export async function findRequest(db: Db, siteKey: string, id: number) {
  const [row] = await requestQuery(db, siteKey, id);
  return row;
}
export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** A request's changes, oldest first. */
const historyQuery = compiledOnce((db, requestId: number) =>
  db
    .selectFrom('delivery_request_history')
    .select(['status', 'note', 'actor', 'created_at'])
    .where('request_id', '=', requestId)
    .orderBy('id'),
);

export function listHistoryRows(db: Db, requestId: number) {
  return historyQuery(db, requestId);
}

/**
 * Moves a request to `to` only while it is in one of `from` (and, for the requester's own moves,
 * belongs to `userId`): answers true when this call moved it. Two moves at once cannot both see
 * the old status, so at most one applies.
 */
export async function moveRequest(
  db: Db,
  move: {
    id: number;
    from: readonly DeliveryStatus[];
    to: DeliveryStatus;
    at: number;
    userId?: number;
    scheduledAt?: number;
    scheduledPlace?: string;
    reason?: string;
  },
) {
  const result = await db
    .updateTable('delivery_requests')
    .set({
      status: move.to,
      updated_at: move.at,
      ...(move.scheduledAt !== undefined ? { scheduled_at: move.scheduledAt } : {}),
      ...(move.scheduledPlace !== undefined ? { scheduled_place: move.scheduledPlace } : {}),
      ...(move.reason !== undefined ? { reason: move.reason } : {}),
    })
    .where('id', '=', move.id)
    .where('status', 'in', [...move.from])
    .$if(move.userId !== undefined, (q) => q.where('user_id', '=', move.userId as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Rates a completed, unrated request of `userId`; answers true when this call rated it. */
export async function rateRequest(
  db: Db,
  rate: { id: number; userId: number; stars: number; comment: string; at: number },
) {
  const result = await db
    .updateTable('delivery_requests')
    .set({ rating: rate.stars, rating_comment: rate.comment, rated_at: rate.at })
    .where('id', '=', rate.id)
    .where('user_id', '=', rate.userId)
    .where('status', '=', 'completed')
    .where('rating', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const onDeliveryStaff = compiledExists((db, siteKey: string, userId: number) =>
  db.selectFrom('delivery_staff').where('site_key', '=', siteKey).where('user_id', '=', userId),
);

/**
 * True when the user handles the site's delivery requests: on its delivery staff, or holding
 * the console's 配送专员 role there (or 站点管理员, 超级管理员).
 */
export async function isDeliveryStaff(
  db: Kysely<Database>,
  siteKey: string,
  userId: number,
): Promise<boolean> {
  return (
    (await onDeliveryStaff(db, siteKey, userId)) ||
    (await holdsSiteRole(db, siteKey, userId, 'delivery'))
  );
}
