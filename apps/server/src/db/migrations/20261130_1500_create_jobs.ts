import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex, idColumn } from './columns.ts';

/**
 * The background jobs of the SQLite default (`platform/jobs/sqlite-job-queue.ts`): each job with
 * its kind, payload, the key that names it once (unique), its state, tries, when it may run next,
 * the runner holding it and until when (a lease: a runner that died leaves it to be retaken), its
 * progress and the reason of its last failure. PostgreSQL keeps its jobs in pg-boss's own tables,
 * so this migration creates nothing there. Frozen: never edit, add a new migration.
 */
export function createJobs(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') return;
      await idColumn(engine, db.schema.createTable('jobs'))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'varchar(200)', (c) => c.unique())
        .addColumn('state', 'varchar(12)', (c) =>
          c.notNull().check(sql`state in ('queued', 'running', 'retry', 'done', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_after', 'bigint', (c) => c.notNull())
        .addColumn('runner', 'varchar(60)')
        .addColumn('lease_until', 'bigint')
        .addColumn('progress', 'real')
        .addColumn('note', 'varchar(200)')
        .addColumn('error', 'varchar(500)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      // A runner looks for the next job of its kinds that is due (or whose holder's lease ended).
      await createIndex(db, 'jobs_due_idx', 'jobs', ['state', 'run_after']);
    },
  };
}
