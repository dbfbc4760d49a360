import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createSourceTriggers } from './20261122_1740_create_search.ts';

/** Adds a live team of `row` (NEW or OLD) to its site's count, when it is live. */
const countIn = (row: 'NEW') =>
  `INSERT INTO team_counts (site_key, live) SELECT ${row}.site_key, 1
   WHERE ${row}.dissolved_at IS NULL
   ON CONFLICT (site_key) DO UPDATE SET live = team_counts.live + 1`;
/** Takes a live team of `row` off its site's count. */
const countOut = (row: 'OLD') =>
  `UPDATE team_counts SET live = live - 1
   WHERE site_key = ${row}.site_key AND ${row}.dissolved_at IS NULL`;

/**
 * How many live teams each site has, kept by triggers on `teams` in the writing transaction (a
 * team made, dissolved, moved or deleted, by the service, the seed or a test alike), so the
 * team list's total reads one row instead of counting thousands. Filled from `teams`. Frozen:
 * never edit, add a new migration.
 */
export function countLiveTeams(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('team_counts')
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.primaryKey().references('sites.key').onDelete('cascade'),
        )
        .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('team_counts_live_check', sql`live >= 0`)
        .execute();
      await sql`
        INSERT INTO team_counts (site_key, live)
        SELECT site_key, COUNT(*) FROM teams WHERE dissolved_at IS NULL GROUP BY site_key
      `.execute(db);
      await createSourceTriggers(db, engine, [
        ['team_counts_ins', 'teams', 'INSERT', countIn('NEW')],
        [
          'team_counts_upd',
          'teams',
          'UPDATE OF dissolved_at, site_key',
          `${countOut('OLD')}; ${countIn('NEW')}`,
        ],
        ['team_counts_del', 'teams', 'DELETE', countOut('OLD')],
      ]);
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['team_counts_ins', 'team_counts_upd', 'team_counts_del']) {
        await sql
          .raw(`DROP TRIGGER IF EXISTS ${name}${engine === 'postgres' ? ' ON teams' : ''}`)
          .execute(db);
        if (engine === 'postgres')
          await sql.raw(`DROP FUNCTION IF EXISTS ${name}_fn()`).execute(db);
      }
      await db.schema.dropTable('team_counts').execute();
    },
  };
}
