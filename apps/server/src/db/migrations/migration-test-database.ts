import { randomBytes } from 'node:crypto';
import { type Kysely, Migrator } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db, type Engine } from '../database.ts';
import type { Database as Schema } from '../schema.ts';
import { migrationsFor } from './index.ts';

/**
 * For a migration's test: a fresh database of `engine` (SQLite in memory, or its own PostgreSQL
 * schema in `TEST_DATABASE_URL`) that `migrateTo(name)` takes up to a given migration, so the test
 * can write rows as an older schema had them and check what the migration makes of them. The
 * database (and the PostgreSQL schema) is gone when `run` ends.
 */
export async function withMigrationDatabase(
  engine: Engine,
  run: (db: Kysely<Schema>, migrateTo: (name: string) => Promise<void>) => Promise<void>,
): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database: Db =
    engine === 'postgres'
      ? await createDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 2 })
      : await createDatabase({ sqliteFile: ':memory:' });
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(engine) },
    ...(engine === 'postgres' ? { migrationTableSchema: schema } : {}),
  });
  const migrateTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  try {
    await run(database.db, migrateTo);
  } finally {
    await database.destroy();
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}
