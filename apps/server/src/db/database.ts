import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  engine: Engine;
  destroy: () => Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://...` for PostgreSQL; unset for SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file; `:memory:` is allowed for throwaway databases. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (created if missing); tests use one per app. */
  pgSchema?: string;
  pgPoolSize?: number;
}

// COUNT(*) and bigint columns (our epoch-millisecond times) come back from pg as strings;
// they all fit in a double, so parse them as numbers like SQLite returns them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens the database the options name: PostgreSQL when a URL is given, else SQLite. */
export async function createDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openSqlite(options.sqliteFile ?? ':memory:');
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Refreshes the planner's statistics of tables that changed a lot (cheap; SQLite's advice).
  sqlite.pragma('optimize = 0x10002');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, engine: 'sqlite', destroy: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small query, so keep
 * the most recent statements. Reuse is safe: Kysely runs each statement to completion
 * synchronously (`all`/`run`) before the next one starts.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) return statement;
      statement = sqlite.prepare(sql);
      if (cache.size >= max) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Db> {
  const schema = options.pgSchema;
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', destroy: () => db.destroy() };
}

/** True when `error` is a unique-key violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
