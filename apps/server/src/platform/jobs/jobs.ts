import type { Db } from '../../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { PgBossJobQueue } from './pg-boss-job-queue.ts';
import { SqliteJobQueue } from './sqlite-job-queue.ts';

/** The job queue of `database`'s engine: pg-boss on PostgreSQL, the `jobs` table on SQLite. */
export function createJobQueue(
  database: Db,
  options: { pollMs: number; onError: (error: unknown, kind: string) => void },
): JobQueue {
  const pollMs = options.pollMs > 0 ? options.pollMs : 1_000;
  return database.engine === 'postgres'
    ? new PgBossJobQueue(database.db, { pollMs, onError: options.onError })
    : new SqliteJobQueue(database.db, { pollMs, onError: options.onError });
}
