import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** The SQLite file of a data folder (used when no `DATABASE_URL` is set). */
export const sqliteFileOf = (dataDir: string) => path.join(dataDir, 'portal.sqlite');

/**
 * Opens the database a configuration names, as the server does: PostgreSQL at `DATABASE_URL`,
 * else `portal.sqlite` in `DATA_DIR`.
 */
export function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> = loadConfig(),
): Promise<Db> {
  return createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileOf(config.dataDir),
  });
}

/**
 * Runs `work` on the configured database brought to the latest migration, then closes it
 * (whatever `work` does): the frame of the command-line tools (`npm run seed`, the importers).
 */
export async function withMigratedDatabase(work: (database: Db) => Promise<void>): Promise<void> {
  const database = await openConfiguredDatabase();
  try {
    await migrateToLatest(database);
    await work(database);
  } finally {
    await database.destroy();
  }
}
