import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { required } from './columns.ts';

/**
 * The rankings' maintained aggregates, written in the points ledger's transaction:
 *
 * - `points_totals (site, period, user)`: the points a learner earned on the site in a period
 *   (`all`, `m2026-11`, `w2026-11-23`: Asia/Shanghai month and week from Monday);
 * - `points_histogram (site, period, points)`: how many learners have exactly that total, so a
 *   learner's rank is 1 + the learners above, summed over the distinct totals above theirs;
 * - `team_points_totals (site, period, team)`: the points the team's members earned while members.
 *
 * Earned points only (awards, not deductions): spending points never lowers a rank. The existing
 * ledger is backfilled here. Frozen: never edit, add a new migration.
 */
export function createRankings(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('points_totals')
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .$call(required({ period: 'varchar(12)' }))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .$call(required({ points: 'integer', updated_at: 'bigint' }))
        .addPrimaryKeyConstraint('points_totals_pk', ['site_key', 'period', 'user_id'])
        .addCheckConstraint('points_totals_points_check', sql`points >= 0`)
        .execute();
      // The top of a period in index order: points descending, ties by user id.
      await db.schema
        .createIndex('points_totals_rank_idx')
        .on('points_totals')
        .columns(['site_key', 'period', 'points desc', 'user_id'])
        .execute();

      await db.schema
        .createTable('points_histogram')
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .$call(required({ period: 'varchar(12)', points: 'integer', learners: 'integer' }))
        .addPrimaryKeyConstraint('points_histogram_pk', ['site_key', 'period', 'points'])
        .addCheckConstraint('points_histogram_learners_check', sql`learners >= 0`)
        .execute();

      await db.schema
        .createTable('team_points_totals')
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .$call(required({ period: 'varchar(12)' }))
        .addColumn('team_id', 'integer', (c) =>
          c.notNull().references('teams.id').onDelete('cascade'),
        )
        .$call(required({ points: 'integer', updated_at: 'bigint' }))
        .addPrimaryKeyConstraint('team_points_totals_pk', ['site_key', 'period', 'team_id'])
        .addCheckConstraint('team_points_totals_points_check', sql`points >= 0`)
        .execute();
      await db.schema
        .createIndex('team_points_totals_rank_idx')
        .on('team_points_totals')
        .columns(['site_key', 'period', 'points desc', 'team_id'])
        .execute();

      await backfill(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['team_points_totals', 'points_histogram', 'points_totals']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/** The periods a day (`YYYY-MM-DD`, Asia/Shanghai) counts in, as this migration defines them. */
function periodsOfDay(day: string): string[] {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  const monday = new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  return ['all', `m${day.slice(0, 7)}`, `w${monday}`];
}

interface DayRow {
  site_key: string;
  user_id: number;
  day: string;
  points: number | string;
}

/** Sums the existing awards into the three aggregates (the ledger is small when this runs). */
async function backfill(db: Kysely<unknown>) {
  const now = Date.now();
  const days = (
    await sql<DayRow>`
    select site_key, user_id, day, sum(amount) as points from points_ledger
    where amount > 0 group by site_key, user_id, day`.execute(db)
  ).rows;
  const totals = new Map<string, { site: string; period: string; user: number; points: number }>();
  for (const row of days) {
    for (const period of periodsOfDay(row.day)) {
      const key = `${row.site_key}|${period}|${row.user_id}`;
      const entry = totals.get(key) ?? {
        site: row.site_key,
        period,
        user: Number(row.user_id),
        points: 0,
      };
      entry.points += Number(row.points);
      totals.set(key, entry);
    }
  }
  const histogram = new Map<string, { site: string; period: string; points: number; n: number }>();
  for (const total of totals.values()) {
    const key = `${total.site}|${total.period}|${total.points}`;
    const entry = histogram.get(key) ?? {
      site: total.site,
      period: total.period,
      points: total.points,
      n: 0,
    };
    entry.n += 1;
    histogram.set(key, entry);
  }
  const totalRows = [...totals.values()].map((t) => ({
    site_key: t.site,
    period: t.period,
    user_id: t.user,
    points: t.points,
    updated_at: now,
  }));
  for (let i = 0; i < totalRows.length; i += 500) {
    await db
      .insertInto('points_totals' as never)
      .values(totalRows.slice(i, i + 500) as never)
      .execute();
  }
  const bucketRows = [...histogram.values()].map((h) => ({
    site_key: h.site,
    period: h.period,
    points: h.points,
    learners: h.n,
  }));
  for (let i = 0; i < bucketRows.length; i += 500) {
    await db
      .insertInto('points_histogram' as never)
      .values(bucketRows.slice(i, i + 500) as never)
      .execute();
  }

  // A team counts what its active members earned on its site since they joined.
  const teamDays = (
    await sql<DayRow & { team_id: number }>`
    select t.id as team_id, l.site_key, l.user_id, l.day, sum(l.amount) as points
    from points_ledger l
    join team_members m on m.user_id = l.user_id and m.status = 'active'
    join teams t on t.id = m.team_id and t.site_key = l.site_key and t.dissolved_at is null
    where l.amount > 0 and l.created_at >= m.joined_at
    group by t.id, l.site_key, l.user_id, l.day`.execute(db)
  ).rows;
  const teamTotals = new Map<
    string,
    { site: string; period: string; team: number; points: number }
  >();
  for (const row of teamDays) {
    for (const period of periodsOfDay(row.day)) {
      const key = `${row.site_key}|${period}|${row.team_id}`;
      const entry = teamTotals.get(key) ?? {
        site: row.site_key,
        period,
        team: Number(row.team_id),
        points: 0,
      };
      entry.points += Number(row.points);
      teamTotals.set(key, entry);
    }
  }
  const teamRows = [...teamTotals.values()].map((t) => ({
    site_key: t.site,
    period: t.period,
    team_id: t.team,
    points: t.points,
    updated_at: now,
  }));
  for (let i = 0; i < teamRows.length; i += 500) {
    await db
      .insertInto('team_points_totals' as never)
      .values(teamRows.slice(i, i + 500) as never)
      .execute();
  }
}
