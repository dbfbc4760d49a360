import type { LearnerState, ParticipantKind, ParticipantStatus } from '@portal/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { PageWindow } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';

type Db = Kysely<Database>;

export interface LearnerFilter {
  siteKey: string;
  q?: string | undefined;
  state?: LearnerState | undefined;
}

/** The site's learners the filter keeps (deleted accounts are nobody's learners). */
function filtered(db: Db, engine: Engine, filter: LearnerFilter) {
  let query = db
    .selectFrom('site_learners as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.site_key', '=', filter.siteKey)
    .where('u.deleted_at', 'is', null);
  if (filter.state === 'disabled') query = query.where('l.disabled_at', 'is not', null);
  if (filter.state === 'active') query = query.where('l.disabled_at', 'is', null);
  const words = filter.q?.trim();
  if (words) {
    const pattern = containsPattern(words);
    // Digits search the phone number, anything else the nickname.
    query = /^\d+$/.test(words)
      ? query.where(matchesPattern(engine, 'u.username', pattern))
      : query.where(matchesPattern(engine, 'u.nickname', pattern));
  }
  return query;
}

/** A learner of the site with their account and points there. */
function withAccount(db: Db, engine: Engine, filter: LearnerFilter) {
  return filtered(db, engine, filter)
    .leftJoin('points_balances as b', (join) =>
      join.onRef('b.user_id', '=', 'l.user_id').onRef('b.site_key', '=', 'l.site_key'),
    )
    .select(['u.id', 'u.nickname', 'u.username', 'u.avatar'])
    .select(['l.joined_at', 'l.last_seen_at', 'l.disabled_at', 'l.disabled_reason'])
    .select((eb) => eb.fn.coalesce('b.balance', sql<number>`0`).as('points'));
}

export type LearnerRowData = Awaited<ReturnType<typeof listLearners>>[number];

/** A window of the site's learners the filter keeps, the latest to join first. */
export function listLearners(db: Db, engine: Engine, filter: LearnerFilter, window: PageWindow) {
  return withAccount(db, engine, filter)
    .orderBy('l.joined_at', 'desc')
    .orderBy('l.user_id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countLearners(db: Db, engine: Engine, filter: LearnerFilter) {
  const row = await filtered(db, engine, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One learner of the site, or undefined when they never came to it (or deleted the account). */
export function findLearner(db: Db, engine: Engine, siteKey: string, userId: number) {
  return withAccount(db, engine, { siteKey }).where('l.user_id', '=', userId).executeTakeFirst();
}

/** A sign-up of the learner on the site, whatever its kind. */
export interface LearnerSignupRow {
  kind: ParticipantKind;
  item_id: number;
  title: string;
  starts_at: number | null;
  status: ParticipantStatus;
  signed_at: number;
}

/** No start time: a class or an activity runs over a term or its own dates. */
const noStart = sql<number | null>`null`;

/** The learner's latest `limit` sign-ups of each kind on the site. */
function signupsOfKind(db: Db, kind: ParticipantKind, siteKey: string, userId: number) {
  switch (kind) {
    case 'class':
      return db
        .selectFrom('class_signups as s')
        .innerJoin('classes as i', 'i.id', 's.class_id')
        .select(['s.class_id as item_id', 'i.title', 's.status', 's.signed_up_at as signed_at'])
        .select(noStart.as('starts_at'))
        .where('i.site_key', '=', siteKey)
        .where('s.user_id', '=', userId);
    case 'activity':
      return db
        .selectFrom('activity_applications as s')
        .innerJoin('activities as i', 'i.id', 's.activity_id')
        .select(['s.activity_id as item_id', 'i.title', 's.status', 's.applied_at as signed_at'])
        .select(noStart.as('starts_at'))
        .where('i.site_key', '=', siteKey)
        .where('s.user_id', '=', userId);
    case 'slot':
      return db
        .selectFrom('base_bookings as s')
        .innerJoin('base_slots as t', 't.id', 's.slot_id')
        .innerJoin('base_programmes as i', 'i.id', 't.programme_id')
        .select(['s.slot_id as item_id', 'i.title', 's.status', 's.booked_at as signed_at'])
        .select('t.start_at as starts_at')
        .where('i.site_key', '=', siteKey)
        .where('s.user_id', '=', userId);
    case 'walk':
      return db
        .selectFrom('walk_signups as s')
        .innerJoin('walk_sessions as t', 't.id', 's.session_id')
        .innerJoin('walks as i', 'i.id', 't.walk_id')
        .select(['s.session_id as item_id', 'i.title', 's.status', 's.signed_at'])
        .select('t.start_at as starts_at')
        .where('i.site_key', '=', siteKey)
        .where('s.user_id', '=', userId);
    case 'live':
      return db
        .selectFrom('live_reservations as s')
        .innerJoin('live_sessions as i', 'i.id', 's.session_id')
        .select(['s.session_id as item_id', 'i.title', 's.created_at as signed_at'])
        .select('i.starts_at')
        .select(sql<ParticipantStatus>`'active'`.as('status'))
        .where('i.site_key', '=', siteKey)
        .where('s.user_id', '=', userId);
  }
}

/** The learner's latest `limit` sign-ups on the site, all kinds together, newest first. */
export async function listSignups(
  db: Db,
  siteKey: string,
  userId: number,
  kinds: readonly ParticipantKind[],
  limit: number,
): Promise<LearnerSignupRow[]> {
  const perKind = await Promise.all(
    kinds.map(async (kind) => {
      const rows = await signupsOfKind(db, kind, siteKey, userId)
        .orderBy('signed_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        kind,
        starts_at: row.starts_at === null ? null : Number(row.starts_at),
        signed_at: Number(row.signed_at),
      }));
    }),
  );
  return perKind
    .flat()
    .sort((a, b) => b.signed_at - a.signed_at || b.item_id - a.item_id)
    .slice(0, limit);
}

/** The learner's medals earned on the site, the latest first, with their names. */
export function listMedals(db: Db, siteKey: string, userId: number) {
  return db
    .selectFrom('learner_medals as m')
    .innerJoin('medal_rules as r', 'r.key', 'm.medal_key')
    .select(['m.medal_key', 'r.name', 'm.earned_at'])
    .where('m.user_id', '=', userId)
    .where('m.site_key', '=', siteKey)
    .orderBy('m.earned_at', 'desc')
    .execute();
}

/** The site's teams the learner is a member of (not dissolved), the latest joined first. */
export function listTeams(db: Db, siteKey: string, userId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select(['t.id', 't.name', 't.leader_id', 'm.joined_at'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('t.site_key', '=', siteKey)
    .where('t.dissolved_at', 'is', null)
    .orderBy('m.joined_at', 'desc')
    .execute();
}

/** The learner's all-time learning totals (none before their first credited minute). */
export function findLearningTotals(db: Db, userId: number) {
  return db
    .selectFrom('learning_totals')
    .select(['seconds', 'days', 'streak', 'longest'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The learner's learning time since `fromDay` (YYYY-MM-DD), in seconds by kind. */
export function sumLearningByKind(db: Db, userId: number, fromDay: string) {
  return db
    .selectFrom('learning_time')
    .select(['kind', (eb) => eb.fn.sum<number | string>('seconds').as('seconds')])
    .where('user_id', '=', userId)
    .where('day', '>=', fromDay)
    .groupBy('kind')
    .execute();
}

/**
 * Stops the learner's account on the site (the row's CHECK keeps the reason with the time);
 * answers whether it was running before (a second stop changes nothing).
 */
export async function disableLearner(
  db: Db,
  stop: { siteKey: string; userId: number; reason: string; by: number; now: number },
) {
  const result = await db
    .updateTable('site_learners')
    .set({ disabled_at: stop.now, disabled_reason: stop.reason, disabled_by: stop.by })
    .where('site_key', '=', stop.siteKey)
    .where('user_id', '=', stop.userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Starts a stopped account again; answers whether it was stopped. */
export async function enableLearner(db: Db, siteKey: string, userId: number) {
  const result = await db
    .updateTable('site_learners')
    .set({ disabled_at: null, disabled_reason: null, disabled_by: null })
    .where('site_key', '=', siteKey)
    .where('user_id', '=', userId)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every live token the learner holds on the site (all their devices there). */
export function revokeSiteSessions(db: Db, siteKey: string, userId: number, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey)
    .where('revoked_at', 'is', null)
    .execute();
}
