import type { ParticipantKind } from '@portal/contract';
import { DASHBOARD_TOP } from '@portal/contract/constants';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type ItemListRow, itemsOf } from '../participants/participants.queries.ts';

type Db = Kysely<Database>;

/**
 * A range of the dashboard: Asia/Shanghai days (`YYYY-MM-DD`, both included) for the tables kept
 * by day, and the times they span (`start` included, `end` not) for those kept by time.
 */
export interface StatsRange {
  siteKey: string;
  from: string;
  to: string;
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;
/** Asia/Shanghai is UTC+8 all year: a time's day number there. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** The site's learners' learning days in the range (learning_days_day_idx, then the site's PK). */
function siteLearningDays(db: Db, range: StatsRange) {
  return db
    .selectFrom('learning_days as d')
    .innerJoin('site_learners as l', (join) =>
      join.onRef('l.user_id', '=', 'd.user_id').on('l.site_key', '=', range.siteKey),
    )
    .where('d.day', '>=', range.from)
    .where('d.day', '<=', range.to);
}

/** The site's learners now, and those who first came in the range. */
export async function countLearners(db: Db, range: StatsRange) {
  const row = await db
    .selectFrom('site_learners')
    .where('site_key', '=', range.siteKey)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('learners'),
      eb.fn
        .sum<number | string | null>(
          sql`case when joined_at >= ${range.start} and joined_at < ${range.end} then 1 else 0 end`,
        )
        .as('joined'),
    ])
    .executeTakeFirstOrThrow();
  return { learners: num(row.learners), joined: num(row.joined) };
}

/** Learners who learned in the range, and their seconds. */
export async function learningTotals(db: Db, range: StatsRange) {
  const row = await siteLearningDays(db, range)
    .select((eb) => [
      eb.fn.count<number | string>('d.user_id').distinct().as('learners'),
      eb.fn.sum<number | string | null>('d.seconds').as('seconds'),
    ])
    .executeTakeFirstOrThrow();
  return { learners: num(row.learners), seconds: num(row.seconds) };
}

/** The site's rollup rows of the range's days (all kinds, and each kind): learners, seconds. */
export async function rolledDays(db: Db, range: StatsRange) {
  const rows = await db
    .selectFrom('stats_days')
    .where('site_key', '=', range.siteKey)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .select(['day', 'kind', 'learners', 'seconds'])
    .execute();
  return rows.map((row) => ({
    day: row.day,
    kind: row.kind,
    learners: num(row.learners),
    seconds: num(row.seconds),
  }));
}

/** The site's distinct learners of the weeks (by Monday) or months (`YYYY-MM`) named. */
export async function rolledPeriods(
  db: Db,
  siteKey: string,
  unit: 'week' | 'month',
  periods: readonly string[],
) {
  if (periods.length === 0) return [];
  const rows = await db
    .selectFrom('stats_periods')
    .where('site_key', '=', siteKey)
    .where('unit', '=', unit)
    .where('period', 'in', periods)
    .select(['period', 'learners'])
    .execute();
  return rows.map((row) => ({ period: row.period, learners: num(row.learners) }));
}

/** Learners who first came to the site on each day of the range that had any. */
export async function joinedByDay(db: Db, range: StatsRange) {
  // Constants written into the text: a parameter would make the grouping another expression.
  const dayNumber = sql<number>`cast((joined_at + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)} as integer)`;
  const rows = await db
    .selectFrom('site_learners')
    .where('site_key', '=', range.siteKey)
    .where('joined_at', '>=', range.start)
    .where('joined_at', '<', range.end)
    .select((eb) => [dayNumber.as('n'), eb.fn.countAll<number | string>().as('joined')])
    .groupBy(dayNumber)
    .execute();
  return rows.map((row) => ({
    day: new Date(num(row.n) * DAY_MS).toISOString().slice(0, 10),
    joined: num(row.joined),
  }));
}

/** The count of the sign-ups of a kind made in the range on the site's items. */
function signupsOf(db: Db, range: StatsRange, kind: ParticipantKind) {
  const { start, end, siteKey } = range;
  switch (kind) {
    case 'class':
      return db
        .selectFrom('class_signups as s')
        .innerJoin('classes as i', 'i.id', 's.class_id')
        .where('i.site_key', '=', siteKey)
        .where('s.signed_up_at', '>=', start)
        .where('s.signed_up_at', '<', end)
        .select((eb) => eb.fn.countAll<number | string>().as('n'));
    case 'activity':
      return db
        .selectFrom('activity_applications as s')
        .innerJoin('activities as i', 'i.id', 's.activity_id')
        .where('i.site_key', '=', siteKey)
        .where('s.applied_at', '>=', start)
        .where('s.applied_at', '<', end)
        .select((eb) => eb.fn.countAll<number | string>().as('n'));
    case 'slot':
      return db
        .selectFrom('base_bookings as s')
        .innerJoin('base_slots as i', 'i.id', 's.slot_id')
        .innerJoin('base_programmes as p', 'p.id', 'i.programme_id')
        .where('p.site_key', '=', siteKey)
        .where('s.booked_at', '>=', start)
        .where('s.booked_at', '<', end)
        .select((eb) => eb.fn.countAll<number | string>().as('n'));
    case 'walk':
      return db
        .selectFrom('walk_signups as s')
        .innerJoin('walk_sessions as i', 'i.id', 's.session_id')
        .innerJoin('walks as w', 'w.id', 'i.walk_id')
        .where('w.site_key', '=', siteKey)
        .where('s.signed_at', '>=', start)
        .where('s.signed_at', '<', end)
        .select((eb) => eb.fn.countAll<number | string>().as('n'));
    case 'live':
      return db
        .selectFrom('live_reservations as s')
        .innerJoin('live_sessions as i', 'i.id', 's.session_id')
        .where('i.site_key', '=', siteKey)
        .where('s.created_at', '>=', start)
        .where('s.created_at', '<', end)
        .select((eb) => eb.fn.countAll<number | string>().as('n'));
  }
}

/** Sign-ups of a kind made in the range on the site's items (cancelled ones too). */
export async function signupsMade(db: Db, range: StatsRange, kind: ParticipantKind) {
  const row = await signupsOf(db, range, kind).executeTakeFirstOrThrow();
  return num(row.n);
}

/** The site's items of a kind starting in the range: how many, their seats and those taken. */
export async function itemSeats(db: Db, range: StatsRange, kind: ParticipantKind) {
  const items = db.selectFrom(itemsOf(db, kind, range.siteKey).as('i')) as SelectQueryBuilder<
    Database & { i: ItemListRow },
    'i',
    object
  >;
  const row = await items
    .where('i.start_at', '>=', range.start)
    .where('i.start_at', '<', range.end)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('items'),
      // A live session's is a bare null: typed, so PostgreSQL can add it up.
      sql<number | string | null>`sum(cast(i.capacity as integer))`.as('capacity'),
      eb.fn.sum<number | string | null>('i.seats_taken').as('taken'),
    ])
    .executeTakeFirstOrThrow();
  return {
    items: num(row.items),
    capacity: row.capacity === null ? null : num(row.capacity),
    taken: num(row.taken),
  };
}

/** The site's courses most started in the range, by learners. */
export async function topCourses(db: Db, range: StatsRange) {
  const rows = await db
    .selectFrom('course_learners as cl')
    .innerJoin('courses as c', 'c.id', 'cl.course_id')
    .where('c.site_key', '=', range.siteKey)
    .where('cl.started_at', '>=', range.start)
    .where('cl.started_at', '<', range.end)
    .select((eb) => ['c.id', 'c.title', eb.fn.countAll<number | string>().as('learners')])
    .groupBy(['c.id', 'c.title'])
    .orderBy('learners', 'desc')
    .orderBy('c.id')
    .limit(DASHBOARD_TOP)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, learners: num(row.learners) }));
}

/** The site's activities starting in the range with the most seats taken. */
export async function topActivities(db: Db, range: StatsRange) {
  const rows = await db
    .selectFrom('activities')
    .where('site_key', '=', range.siteKey)
    .where((eb) => eb.or([eb('published', '=', 1), eb('published_at', 'is not', null)]))
    .where('start_at', '>=', range.start)
    .where('start_at', '<', range.end)
    .select(['id', 'title', 'start_at', 'seats_taken', 'capacity'])
    .orderBy('seats_taken', 'desc')
    .orderBy('id')
    .limit(DASHBOARD_TOP)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startAt: new Date(num(row.start_at)).toISOString(),
    taken: num(row.seats_taken),
    capacity: num(row.capacity),
  }));
}

/** The site's articles read by the most learners in the range. */
export async function topArticles(db: Db, range: StatsRange) {
  const rows = await db
    .selectFrom('article_reads as r')
    .innerJoin('articles as a', 'a.id', 'r.article_id')
    .where('a.site_key', '=', range.siteKey)
    .where('r.read_at', '>=', range.start)
    .where('r.read_at', '<', range.end)
    .select((eb) => ['a.id', 'a.title', eb.fn.countAll<number | string>().as('reads')])
    .groupBy(['a.id', 'a.title'])
    .orderBy('reads', 'desc')
    .orderBy('a.id')
    .limit(DASHBOARD_TOP)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, reads: num(row.reads) }));
}

/** The most live sessions one answer lists. */
const LIVE_SHOWN = 50;

/** The site's live sessions starting in the range, the latest first, with their audience. */
export async function liveSessions(db: Db, range: StatsRange) {
  const rows = await db
    .selectFrom('live_sessions as l')
    .where('l.site_key', '=', range.siteKey)
    .where('l.starts_at', '>=', range.start)
    .where('l.starts_at', '<', range.end)
    .select((eb) => [
      'l.id',
      'l.title',
      'l.starts_at',
      eb
        .selectFrom('live_reservations as r')
        .whereRef('r.session_id', '=', 'l.id')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .as('reservations'),
      eb
        .selectFrom('live_watching as w')
        .whereRef('w.session_id', '=', 'l.id')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .as('viewers'),
      eb
        .selectFrom('live_watching as w')
        .whereRef('w.session_id', '=', 'l.id')
        .select((inner) => inner.fn.sum<number | string | null>('w.watched_seconds').as('s'))
        .as('seconds'),
    ])
    .orderBy('l.starts_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(LIVE_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startsAt: new Date(num(row.starts_at)).toISOString(),
    reservations: num(row.reservations),
    viewers: num(row.viewers),
    minutes: Math.floor(num(row.seconds) / 60),
  }));
}

/** Learners who watched any of the site's live sessions starting in the range. */
export async function liveViewers(db: Db, range: StatsRange) {
  const row = await db
    .selectFrom('live_watching as w')
    .innerJoin('live_sessions as l', 'l.id', 'w.session_id')
    .where('l.site_key', '=', range.siteKey)
    .where('l.starts_at', '>=', range.start)
    .where('l.starts_at', '<', range.end)
    .select((eb) => eb.fn.count<number | string>('w.user_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return num(row.n);
}

/** The site's ledger in the range (points_ledger_site_day_idx). */
function siteLedger(db: Db, range: StatsRange) {
  return db
    .selectFrom('points_ledger as p')
    .where('p.site_key', '=', range.siteKey)
    .where('p.day', '>=', range.from)
    .where('p.day', '<=', range.to);
}

/** Points given and taken on the site in the range. */
export async function pointsTotals(db: Db, range: StatsRange) {
  const row = await siteLedger(db, range)
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(sql`case when p.amount > 0 then p.amount else 0 end`)
        .as('issued'),
      eb.fn
        .sum<number | string | null>(sql`case when p.amount < 0 then -p.amount else 0 end`)
        .as('deducted'),
    ])
    .executeTakeFirstOrThrow();
  return { issued: num(row.issued), deducted: num(row.deducted) };
}

/** Points given in the range by rule, with the learners they went to. */
export async function pointsByRule(db: Db, range: StatsRange) {
  const rows = await siteLedger(db, range)
    .where('p.amount', '>', 0)
    .select((eb) => [
      'p.rule_key',
      eb.fn.sum<number | string>('p.amount').as('points'),
      eb.fn.count<number | string>('p.user_id').distinct().as('learners'),
    ])
    .groupBy('p.rule_key')
    .orderBy('points', 'desc')
    .execute();
  return rows.map((row) => ({
    ruleKey: row.rule_key,
    points: num(row.points),
    learners: num(row.learners),
  }));
}

/** Points given on each day of the range that had any. */
export async function pointsByDay(db: Db, range: StatsRange) {
  const rows = await siteLedger(db, range)
    .where('p.amount', '>', 0)
    .select((eb) => ['p.day', eb.fn.sum<number | string>('p.amount').as('points')])
    .groupBy('p.day')
    .execute();
  return rows.map((row) => ({ day: row.day, points: num(row.points) }));
}

/** The rules' names by key. */
export async function ruleNames(db: Db) {
  const rows = await db.selectFrom('points_rules').select(['key', 'name']).execute();
  return new Map(rows.map((row) => [row.key, row.name]));
}
