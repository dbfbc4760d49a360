import { Migrator } from 'kysely';
import type { Db } from './database.ts';
import { migrationsFor } from './migrations/index.ts';

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrateToLatest({ db, engine }: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(engine) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
