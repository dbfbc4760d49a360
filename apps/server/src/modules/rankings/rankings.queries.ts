import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
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

/**
 * The top `limit` learners of a period (points descending, ties by id), with their profile:
 * the ids from the totals' index first, then their profiles (one join would let SQLite walk
 * far more of the index than the limit).
 */
export async function listTopLearners(db: Db, filter: PeriodFilter, limit: number) {
  const top = await db
    .selectFrom('points_totals')
    .select(['user_id', 'points'])
    .where(inPeriod(filter))
    .where('points', '>', 0)
    .orderBy('points', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'nickname', 'avatar'])
    .where(
      'id',
      'in',
      top.map((row) => row.user_id),
    )
    .execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  return top.map((row) => ({
    id: row.user_id,
    name: byId.get(row.user_id)?.nickname ?? '',
    avatar: byId.get(row.user_id)?.avatar ?? null,
    points: row.points,
  }));
}

/** The learner's points in the period (0 without any). */
export async function findLearnerPoints(db: Db, filter: PeriodFilter, userId: number) {
  const row = await db
    .selectFrom('points_totals')
    .select('points')
    .where(inPeriod(filter))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.points ?? 0);
}

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

/** The top `limit` live teams of a period, with their name and avatar (as for learners). */
export async function listTopTeams(db: Db, filter: PeriodFilter, limit: number) {
  // A few more than the limit, so dissolved teams among them can be left out.
  const top = await db
    .selectFrom('team_points_totals')
    .select(['team_id', 'points'])
    .where(inPeriod(filter))
    .where('points', '>', 0)
    .orderBy('points', 'desc')
    .orderBy('team_id')
    .limit(limit + 20)
    .execute();
  if (top.length === 0) return [];
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'name', 'avatar'])
    .where(
      'id',
      'in',
      top.map((row) => row.team_id),
    )
    .where('dissolved_at', 'is', null)
    .execute();
  const byId = new Map(teams.map((team) => [team.id, team]));
  return top
    .flatMap((row) => {
      const team = byId.get(row.team_id);
      return team
        ? [{ id: team.id, name: team.name, avatar: team.avatar, points: row.points }]
        : [];
    })
    .slice(0, limit);
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
  const row = await db
    .selectFrom('team_points_totals')
    .select('points')
    .where(inPeriod(filter))
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return Number(row?.points ?? 0);
}

/** The live teams of the site the learner is an active member of, with their points. */
export function listMyTeams(db: Db, filter: PeriodFilter, userId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('teams as team', 'team.id', 'm.team_id')
    .leftJoin('team_points_totals as t', (join) =>
      join
        .onRef('t.team_id', '=', 'team.id')
        .on('t.site_key', '=', filter.siteKey)
        .on('t.period', '=', filter.period),
    )
    .select(['team.id', 'team.name', 'team.avatar', 't.points'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('team.site_key', '=', filter.siteKey)
    .where('team.dissolved_at', 'is', null)
    .orderBy('team.id')
    .execute();
}

/** The learner's nickname and avatar. */
export function findProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'nickname', 'avatar'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
