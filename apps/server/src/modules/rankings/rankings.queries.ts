import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A period of a site. */
export interface PeriodFilter {
  siteKey: string;
  period: string;
}

/**
 * The rows of the period in a table of period figures (`points_totals`, `team_points_totals`,
 * `points_histogram`: each has `site_key` and `period`), for `.where(...)` on that table alone.
 */
function inPeriod(filter: PeriodFilter): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref('site_key')} = ${filter.siteKey} and ${sql.ref('period')} = ${filter.period})`;
}

/** An id with its points in a period, best first. */
export interface Standing {
  id: number;
  points: number;
}

/** A learner's or a team's name and avatar, by id. */
export interface Face {
  name: string;
  avatar: string | null;
}

/**
 * The top `limit` learners of a period (points descending, ties by id), ids only: the totals'
 * index alone answers it (a join with the profiles would let SQLite walk far more of the index
 * than the limit).
 */
export async function listTopLearnerIds(db: Db, filter: PeriodFilter, limit: number) {
  const rows = await db
    .selectFrom('points_totals')
    .select(['user_id', 'points'])
    .where(inPeriod(filter))
    .where('points', '>', 0)
    .orderBy('points', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row): Standing => ({ id: row.user_id, points: Number(row.points) }));
}

/** The nicknames and avatars of learners, by id. */
export async function findLearnerFaces(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Face>();
  const users = await db
    .selectFrom('users')
    .select(['id', 'nickname', 'avatar'])
    .where('id', 'in', ids)
    .execute();
  return new Map(users.map((user) => [user.id, { name: user.nickname, avatar: user.avatar }]));
}

/** The learner's points in the period (0 without any). */
export async function findLearnerPoints(db: Db, filter: PeriodFilter, userId: number) {
  const [row] = await learnerPointsQuery(db, filter.siteKey, filter.period, userId);
  return Number(row?.points ?? 0);
}

// The queries a learner's every visit of a ranking runs are compiled once.
const learnerPointsQuery = compiledOnce((db, siteKey: string, period: string, userId: number) =>
  db
    .selectFrom('points_totals')
    .select('points')
    .where(inPeriod({ siteKey, period }))
    .where('user_id', '=', userId),
);

/**
 * Learners of the period with more than `points` (all with any when `points` is 0): a sum over
 * the histogram's distinct totals above, not a scan of the learners.
 */
export async function countLearnersAbove(db: Db, filter: PeriodFilter, points: number) {
  const row = await db
    .selectFrom('points_histogram')
    .select(sql<number | string | null>`sum(learners)`.as('n'))
    .where(inPeriod(filter))
    .where('points', '>', points)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The top `limit` teams of a period by their totals' index, dissolved ones included (the caller
 * asks for a few more than it shows and leaves those out with {@link findLiveTeamFaces}).
 */
export async function listTopTeamIds(db: Db, filter: PeriodFilter, limit: number) {
  const rows = await db
    .selectFrom('team_points_totals')
    .select(['team_id', 'points'])
    .where(inPeriod(filter))
    .where('points', '>', 0)
    .orderBy('points', 'desc')
    .orderBy('team_id')
    .limit(limit)
    .execute();
  return rows.map((row): Standing => ({ id: row.team_id, points: Number(row.points) }));
}

/** The names and avatars of the live (not dissolved) teams among `ids`. */
export async function findLiveTeamFaces(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Face>();
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'name', 'avatar'])
    .where('id', 'in', ids)
    .where('dissolved_at', 'is', null)
    .execute();
  return new Map(teams.map((team) => [team.id, { name: team.name, avatar: team.avatar }]));
}

/**
 * Live teams of the period with more than `points`: all teams above from the totals' index, less
 * the dissolved ones among them (few, found from the site's teams).
 */
export async function countTeamsAbove(db: Db, filter: PeriodFilter, points: number) {
  const [all, dissolved] = await Promise.all([
    db
      .selectFrom('team_points_totals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(inPeriod(filter))
      .where('points', '>', points)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('teams as team')
      .innerJoin('team_points_totals as t', (join) =>
        join
          .onRef('t.team_id', '=', 'team.id')
          .on('t.site_key', '=', filter.siteKey)
          .on('t.period', '=', filter.period),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('team.site_key', '=', filter.siteKey)
      .where('team.dissolved_at', 'is not', null)
      .where('t.points', '>', points)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(all.n) - Number(dissolved.n);
}

/** The team's points in the period (0 without any). */
export async function findTeamPoints(db: Db, filter: PeriodFilter, teamId: number) {
  const [row] = await teamPointsQuery(db, filter.siteKey, filter.period, teamId);
  return Number(row?.points ?? 0);
}

const teamPointsQuery = compiledOnce((db, siteKey: string, period: string, teamId: number) =>
  db
    .selectFrom('team_points_totals')
    .select('points')
    .where(inPeriod({ siteKey, period }))
    .where('team_id', '=', teamId),
);

/** The live teams of the site the learner is an active member of, with their points. */
export function listMyTeams(db: Db, filter: PeriodFilter, userId: number) {
  return myTeamsQuery(db, filter.siteKey, filter.period, userId);
}

const myTeamsQuery = compiledOnce((db, siteKey: string, period: string, userId: number) =>
  db
    .selectFrom('team_members as m')
    .innerJoin('teams as team', 'team.id', 'm.team_id')
    .leftJoin('team_points_totals as t', (join) =>
      join
        .onRef('t.team_id', '=', 'team.id')
        .on('t.site_key', '=', siteKey)
        .on('t.period', '=', period),
    )
    .select(['team.id', 'team.name', 'team.avatar', 't.points'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('team.site_key', '=', siteKey)
    .where('team.dissolved_at', 'is', null)
    .orderBy('team.id'),
);

/** The learner's nickname and avatar. */
export async function findProfile(db: Db, userId: number) {
  return (await profileQuery(db, userId))[0];
}

const profileQuery = compiledOnce((db, userId: number) =>
  db.selectFrom('users').select(['id', 'nickname', 'avatar']).where('id', '=', userId),
);

/**
 * How many learners of the period hold each total, best first (the histogram's non-empty
 * buckets): a few thousand rows however many learners there are.
 */
export async function listLearnerSpread(db: Db, filter: PeriodFilter) {
  const rows = await db
    .selectFrom('points_histogram')
    .select(['points', 'learners'])
    .where(inPeriod(filter))
    .where('points', '>', 0)
    .where('learners', '>', 0)
    .orderBy('points', 'desc')
    .execute();
  return rows.map((row) => ({ points: Number(row.points), count: Number(row.learners) }));
}

/** How many live teams of the period hold each total, best first. */
export async function listTeamSpread(db: Db, filter: PeriodFilter) {
  const rows = await db
    .selectFrom('team_points_totals as t')
    .innerJoin('teams as team', 'team.id', 't.team_id')
    .select(['t.points', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('t.site_key', '=', filter.siteKey)
    .where('t.period', '=', filter.period)
    .where('t.points', '>', 0)
    .where('team.dissolved_at', 'is', null)
    .groupBy('t.points')
    .orderBy('t.points', 'desc')
    .execute();
  return rows.map((row) => ({ points: Number(row.points), count: Number(row.n) }));
}

/**
 * The newest points ledger row: of the site's learner when `userId` is given, else of all (0
 * when there is none). Every award and deduction writes one, so a learner whose newest row is
 * past a mark has changed their own points since that mark was read.
 */
export async function lastLedgerId(db: Db, user?: { siteKey: string; userId: number }) {
  const [row] = user
    ? await lastOwnLedgerIdQuery(db, user.userId, user.siteKey)
    : await db
        .selectFrom('points_ledger')
        .select((eb) => eb.fn.max('id').as('id'))
        .execute();
  return Number(row?.id ?? 0);
}

const lastOwnLedgerIdQuery = compiledOnce((db, userId: number, siteKey: string) =>
  db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey),
);

/**
 * The latest change of any of the site's teams (`updated_at`, which a rename, a new avatar, a
 * dissolution and every other change of a team sets), 0 with none: read from the index on
 * (site, updated_at). A mark that moved means a ranking's kept team names or standings may be
 * out of date.
 */
export async function lastTeamChange(db: Db, siteKey: string) {
  const [row] = await lastTeamChangeQuery(db, siteKey);
  return Number(row?.at ?? 0);
}

const lastTeamChangeQuery = compiledOnce((db, siteKey: string) =>
  db
    .selectFrom('teams')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('site_key', '=', siteKey),
);
