import type { ActivityKind, ApplicationState, ClassStatus } from '@portal/contract';
import type { Kysely } from 'kysely';
import { compiledCount, compiledOnce, perShape } from '../../db/compiled.ts';
import { hasRow, insertRows } from '../../db/rows.ts';
import type { Database, NewActivityAttachmentRow } from '../../db/schema.ts';
import { isPublished, publishedOn } from '../content/published.ts';
import { hasStatus, statusRank } from '../seats/seat-status.ts';
import type { SeatLedger } from '../seats/seats.ts';

/** Where activity seats live, for the shared seat keeping (`modules/seats`). */
export const ACTIVITY_SEATS: SeatLedger<'activity_applications'> = {
  parent: 'activities',
  signups: 'activity_applications',
  parentKey: 'activity_id',
  signedAt: 'applied_at',
};

/** The columns an activity card needs (the organiser's name comes from its join). */
const SUMMARY_COLUMNS = [
  'activities.id',
  'activities.title',
  'activities.cover',
  'activities.kind',
  'organisers.name as organiser',
  'activities.place',
  'activities.map_place_id',
  'activities.capacity',
  'activities.seats_taken',
  'activities.signup_start',
  'activities.signup_end',
  'activities.start_at',
  'activities.end_at',
] as const;

export interface ActivityListFilter {
  siteKey: string;
  kind?: ActivityKind | undefined;
  status?: ClassStatus | undefined;
  now: number;
}

/**
 * The published activities of a site, of one kind and status if given. No join: every activity
 * has an organiser (a NOT NULL foreign key), and the filter and the order read only the
 * columns of the list indexes (`activities_site_idx`, `activities_site_kind_idx`).
 */
function publishedActivities(db: Kysely<Database>, filter: ActivityListFilter) {
  let query = db.selectFrom('activities').where(publishedOn(filter.siteKey, 'activities'));
  const { kind, status, now } = filter;
  if (kind) query = query.where('activities.kind', '=', kind);
  if (status) query = query.where(hasStatus('activities', status, now));
  return query;
}

/**
 * The ids of a site's published activities in list order: 报名中 first, then by status, start
 * time and id. Read from the list indexes alone (no table rows, no join).
 */
export async function listActivityIds(
  db: Kysely<Database>,
  filter: ActivityListFilter,
): Promise<number[]> {
  const rows = await publishedActivities(db, filter)
    .select('activities.id')
    .orderBy(statusRank('activities', filter.now))
    .orderBy('activities.start_at')
    .orderBy('activities.id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The published activities of a site with their organiser, selecting a card's columns. */
function activityCards(db: Kysely<Database>, siteKey: string) {
  return db
    .selectFrom('activities')
    .innerJoin('organisers', 'organisers.id', 'activities.organiser_id')
    .select(SUMMARY_COLUMNS)
    .where(publishedOn(siteKey, 'activities'));
}

/** The cards of the published activities of a site among `ids` (in no particular order). */
export function listActivityRowsByIds(db: Kysely<Database>, siteKey: string, ids: number[]) {
  return activityCards(db, siteKey).where('activities.id', 'in', ids).execute();
}

/** A published activity of the site with everything its detail page shows, or undefined. */
export function findPublishedActivity(db: Kysely<Database>, siteKey: string, id: number) {
  return activityCards(db, siteKey)
    .select([
      'activities.organiser_id',
      'activities.description',
      'activities.contact',
      'activities.form_fields',
      'activities.attachment_rule',
      'activities.review_signups',
    ])
    .where('activities.id', '=', id)
    .executeTakeFirst();
}

/** The learner's application to an activity (in any status), or undefined. */
export function findApplication(db: Kysely<Database>, activityId: number, userId: number) {
  return db
    .selectFrom('activity_applications')
    .select(['id', 'status', 'applied_at', 'checked_in_at', 'review_note'])
    .where('activity_id', '=', activityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface MyActivityFilter {
  siteKey: string;
  userId: number;
  state?: ApplicationState | undefined;
  now: number;
}

/** The learner's applications at published activities of the site, in one state if given. */
export function myApplications(db: Kysely<Database>, filter: MyActivityFilter) {
  let query = db
    .selectFrom('activity_applications')
    .innerJoin('activities', 'activities.id', 'activity_applications.activity_id')
    .innerJoin('organisers', 'organisers.id', 'activities.organiser_id')
    .where('activity_applications.user_id', '=', filter.userId)
    .where(publishedOn(filter.siteKey, 'activities'));
  const { now } = filter;
  switch (filter.state) {
    case '已取消':
      query = query.where('activity_applications.status', '=', 'cancelled');
      break;
    case '待审核':
      query = query.where('activity_applications.status', '=', 'pending');
      break;
    case '候补中':
      query = query.where('activity_applications.status', '=', 'waiting');
      break;
    case '未通过':
      query = query.where('activity_applications.status', '=', 'rejected');
      break;
    case '已签到':
      query = query
        .where('activity_applications.status', '=', 'active')
        .where('activity_applications.checked_in_at', 'is not', null);
      break;
    case '已结束':
    case '已报名':
      query = query
        .where('activity_applications.status', '=', 'active')
        .where('activity_applications.checked_in_at', 'is', null)
        .where('activities.end_at', filter.state === '已结束' ? '<=' : '>', now);
      break;
    case undefined:
      break;
  }
  return query;
}

/** The page query of one state, compiled once per state. */
const applicationRowsQuery = perShape((state: ApplicationState | undefined) =>
  compiledOnce((db, userId: number, siteKey: string, now: number, limit: number, offset: number) =>
    myApplications(db, { userId, siteKey, state, now })
      .select([
        ...SUMMARY_COLUMNS,
        'activity_applications.id as application_id',
        'activity_applications.status as application_status',
        'activity_applications.applied_at',
        'activity_applications.checked_in_at',
        'activity_applications.checkin_code',
        'activity_applications.review_note',
      ])
      .orderBy('activity_applications.applied_at', 'desc')
      .orderBy('activity_applications.id', 'desc')
      .limit(limit)
      .offset(offset),
  ),
);

/** One page of the learner's applications (any state unless filtered), latest first. */
export function listMyApplicationRows(
  db: Kysely<Database>,
  filter: MyActivityFilter & { limit: number; offset: number },
) {
  const { userId, siteKey, now, limit, offset } = filter;
  return applicationRowsQuery(filter.state)(db, userId, siteKey, now, limit, offset);
}

export type MyApplicationRow = Awaited<ReturnType<typeof listMyApplicationRows>>[number];

const countApplicationsQuery = perShape((state: ApplicationState | undefined) =>
  compiledCount((db, userId: number, siteKey: string, now: number) =>
    myApplications(db, { userId, siteKey, state, now }),
  ),
);

/** How many of the learner's applications the filter matches. */
export function countMyApplicationRows(db: Kysely<Database>, filter: MyActivityFilter) {
  return countApplicationsQuery(filter.state)(db, filter.userId, filter.siteKey, filter.now);
}

/** The attachments of the given applications, in upload order. */
export function listAttachmentRows(db: Kysely<Database>, applicationIds: number[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activity_attachments')
    .select(['id', 'application_id', 'name', 'mime', 'size'])
    .where('application_id', 'in', applicationIds)
    .orderBy('id')
    .execute();
}

/** An attachment of `userId`, or undefined (also when it belongs to someone else). */
export function findOwnAttachment(db: Kysely<Database>, id: number, userId: number) {
  return db
    .selectFrom('activity_attachments')
    .select(['id', 'name', 'mime', 'size', 'storage_key'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores the attachment rows of an application. */
export function insertAttachments(db: Kysely<Database>, rows: NewActivityAttachmentRow[]) {
  return insertRows(db, 'activity_attachments', rows);
}

/** Deletes the attachments of an application; answers their storage keys (files to remove). */
export async function deleteAttachmentRows(db: Kysely<Database>, applicationId: number) {
  const rows = await db
    .deleteFrom('activity_attachments')
    .where('application_id', '=', applicationId)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * The application at the door of a published activity of the site, with its activity and
 * learner, or undefined: the one a check-in code names, or the one of an account (by its phone
 * number, the account's name) at one activity.
 */
export function findApplicationAtDoor(
  db: Kysely<Database>,
  siteKey: string,
  by: { code: string } | { activityId: number; phone: string },
) {
  let query = db
    .selectFrom('activity_applications')
    .innerJoin('activities', 'activities.id', 'activity_applications.activity_id')
    .innerJoin('users', 'users.id', 'activity_applications.user_id')
    .select([
      'activity_applications.id',
      'activity_applications.status',
      'activity_applications.checked_in_at',
      'activity_applications.user_id',
      'activities.id as activity_id',
      'activities.title as activity_title',
      'activities.organiser_id',
      'activities.end_at',
      'users.nickname',
    ])
    .where(publishedOn(siteKey, 'activities'));
  query =
    'code' in by
      ? query.where('activity_applications.checkin_code', '=', by.code)
      : query
          .where('activity_applications.activity_id', '=', by.activityId)
          .where('users.username', '=', by.phone);
  return query.executeTakeFirst();
}

export type DoorApplication = NonNullable<Awaited<ReturnType<typeof findApplicationAtDoor>>>;

/**
 * Marks an active application as checked in, once: a conditional update on
 * `checked_in_at IS NULL`, so of two check-ins at the same moment exactly one succeeds.
 * False when it was checked in already (or is no longer active).
 */
export async function markCheckedIn(db: Kysely<Database>, applicationId: number, now: number) {
  const result = await db
    .updateTable('activity_applications')
    .set({ checked_in_at: now, updated_at: now })
    .where('id', '=', applicationId)
    .where('status', '=', 'active')
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The status and check-in time of an application, or undefined. */
export function findApplicationCheckin(db: Kysely<Database>, applicationId: number) {
  return db
    .selectFrom('activity_applications')
    .select(['status', 'checked_in_at'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
}

/** True when the user is on the staff of the organiser. */
export function isOrganiserStaff(
  db: Kysely<Database>,
  organiserId: number,
  userId: number,
): Promise<boolean> {
  return hasRow(
    db
      .selectFrom('organiser_staff')
      .where('organiser_id', '=', organiserId)
      .where('user_id', '=', userId),
  );
}

/** A published activity (of any site) for its calendar file, or undefined. */
export function findCalendarActivity(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('activities')
    .innerJoin('organisers', 'organisers.id', 'activities.organiser_id')
    .innerJoin('sites', 'sites.key', 'activities.site_key')
    .select([
      'activities.id',
      'activities.site_key',
      'activities.kind',
      'activities.title',
      'activities.place',
      'activities.description',
      'activities.start_at',
      'activities.end_at',
      'organisers.name as organiser',
      'sites.name as site_name',
    ])
    .where('activities.id', '=', id)
    .where(isPublished('activities'))
    .executeTakeFirst();
}
