import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A period of a site. */
export interface PeriodFilter {
  siteKey: string;
  period: string;
}

/** The top `limit` learners of a period (points descending, ties by id), with their profile. */
export function listTopLearners(db: Db, filter: PeriodFilter, limit: number) {
  return db
    .selectFrom('points_totals as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id as id', 'u.nickname as name', 'u.avatar', 't.points'])
    .where('t.site_key', '=', filter.siteKey)
    .where('t.period', '=', filter.period)
    .where('t.points', '>', 0)
    .orderBy('t.points', 'desc')
    .orderBy('t.user_id')
    .limit(limit)
    .execute();
}

/** The learner's points in the period (0 without any). */
export async function findLearnerPoints(db: Db, filter: PeriodFilter, userId: number) {
  const row = await db
    .selectFrom('points_totals')
    .select('points')
    .where('site_key', '=', filter.siteKey)
    .where('period', '=', filter.period)
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
    .where('site_key', '=', filter.siteKey)
    .where('period', '=', filter.period)
    .where('points', '>', points)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The top `limit` live teams of a period, with their name and avatar. */
export function listTopTeams(db: Db, filter: PeriodFilter, limit: number) {
  return db
    .selectFrom('team_points_totals as t')
    .innerJoin('teams as team', 'team.id', 't.team_id')
    .select(['t.team_id as id', 'team.name', 'team.avatar', 't.points'])
    .where('t.site_key', '=', filter.siteKey)
    .where('t.period', '=', filter.period)
    .where('t.points', '>', 0)
    .where('team.dissolved_at', 'is', null)
    .orderBy('t.points', 'desc')
    .orderBy('t.team_id')
    .limit(limit)
    .execute();
}

/** Live teams of the period with more than `points` (teams are few beside learners). */
export async function countTeamsAbove(db: Db, filter: PeriodFilter, points: number) {
  const row = await db
    .selectFrom('team_points_totals as t')
    .innerJoin('teams as team', 'team.id', 't.team_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('t.site_key', '=', filter.siteKey)
    .where('t.period', '=', filter.period)
    .where('t.points', '>', points)
    .where('team.dissolved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The team's points in the period (0 without any). */
export async function findTeamPoints(db: Db, filter: PeriodFilter, teamId: number) {
  const row = await db
    .selectFrom('team_points_totals')
    .select('points')
    .where('site_key', '=', filter.siteKey)
    .where('period', '=', filter.period)
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
