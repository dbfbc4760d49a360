import { Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrationsFor } from './migrations/index.ts';

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrateToLatest({ db, engine }: Db): Promise<void> {
  // On PostgreSQL the migration tables live in the connection's own schema: Kysely otherwise
  // finds another schema's lock table on the search path and skips creating its own.
  const schema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(engine) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
