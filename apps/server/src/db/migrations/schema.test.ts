import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { createDatabase, type Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';

/**
 * The schema the migrations build, as text to compare with the snapshot: migrations are frozen,
 * so a change of their code (shared column helpers, say) must leave this exactly as it was.
 */
async function dumpSchema({ db, engine }: Db, schema: string): Promise<string[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master
      where name not like 'kysely_%' and name not like 'sqlite_%'
      order by type, name`.execute(db);
    return rows.map((row) => `${row.type} ${row.name}: ${row.sql ?? ''}`);
  }
  const text = (rows: Array<Record<string, unknown>>) =>
    rows.map((row) => Object.values(row).map(String).join(' | ').replaceAll(`${schema}.`, ''));
  const columns = await sql<Record<string, unknown>>`
    select table_name, ordinal_position, column_name, data_type, character_maximum_length,
      numeric_precision, column_default, is_nullable, is_identity, identity_generation
    from information_schema.columns where table_schema = ${schema}
      and table_name not like 'kysely_%'
    order by table_name, ordinal_position`.execute(db);
  const constraints = await sql<Record<string, unknown>>`
    select cl.relname, co.conname, co.contype, pg_get_constraintdef(co.oid) as def
    from pg_constraint co join pg_class cl on cl.oid = co.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where n.nspname = ${schema} and cl.relname not like 'kysely_%'
    order by cl.relname, co.conname`.execute(db);
  const indexes = await sql<Record<string, unknown>>`
    select tablename, indexname, indexdef from pg_indexes
    where schemaname = ${schema} and tablename not like 'kysely_%'
    order by tablename, indexname`.execute(db);
  const triggers = await sql<Record<string, unknown>>`
    select cl.relname, t.tgname, pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_class cl on cl.oid = t.tgrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where n.nspname = ${schema} and not t.tgisinternal
    order by cl.relname, t.tgname`.execute(db);
  const functions = await sql<Record<string, unknown>>`
    select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${schema} order by p.proname`.execute(db);
  return [
    ...text(columns.rows).map((line) => `column ${line}`),
    ...text(constraints.rows).map((line) => `constraint ${line}`),
    ...text(indexes.rows).map((line) => `index ${line}`),
    ...text(triggers.rows).map((line) => `trigger ${line}`),
    ...text(functions.rows).map((line) => `function ${line}`),
  ];
}

describe('the migrated schema', () => {
  for (const engine of testEngines()) {
    it(`stays what the frozen migrations built [${engine}]`, async () => {
      const url = process.env.TEST_DATABASE_URL;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const database =
        engine === 'postgres'
          ? await createDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 2 })
          : await createDatabase({ sqliteFile: ':memory:' });
      try {
        await migrateToLatest(database);
        expect(await dumpSchema(database, schema)).toMatchSnapshot();
      } finally {
        await database.destroy();
        if (engine === 'postgres') {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await client.end();
        }
      }
    });
  }
});
