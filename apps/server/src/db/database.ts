import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
  type Transaction,
  type TransactionBuilder,
} from 'kysely';
import pg from 'pg';
import { statementName } from './compiled.ts';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

/** A PostgreSQL pool's connections now: all of them, the idle ones, and the requests waiting. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface Db {
  db: Kysely<Database>;
  engine: Engine;
  destroy: () => Promise<void>;
  /** The pool's use now (PostgreSQL; SQLite has one connection and no pool). */
  poolUse?: () => PoolUse;
}

export interface DatabaseOptions {
  /** `postgres://...` for PostgreSQL; unset for SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file; `:memory:` is allowed for throwaway databases. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (created if missing); tests use one per app. */
  pgSchema?: string;
  pgPoolSize?: number;
  /** How long a new PostgreSQL connection may take ({@link PG_CONNECT_TIMEOUT_MS} by default). */
  pgConnectTimeoutMs?: number;
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
  // ANALYZE reads a sample of each index rather than all of it (SQLite's advice for optimize).
  sqlite.pragma('analysis_limit = 1000');
  // Refreshes the planner's statistics of any table that changed a lot (cheap; SQLite's advice;
  // 0x10000: every table, not only those this connection has queried).
  sqlite.pragma('optimize = 0x10002');
  // ...and again every few seconds, as a long-lived connection needs: a plan chosen while a
  // table was small (read every row rather than look up one) reads all of it once it has grown,
  // and tables grow while the server runs: a thousand learners signing in on a Monday morning
  // made the token lookup read every session (0.8 ms instead of 3 µs a request). The check costs
  // about 0.2 ms when no table has grown tenfold since it was last analyzed.
  const optimizer = setInterval(() => {
    try {
      sqlite.pragma('optimize = 0x10002');
    } catch {
      // Busy or closing: the next round tries again.
    }
  }, SQLITE_OPTIMIZE_INTERVAL_MS);
  optimizer.unref();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    engine: 'sqlite',
    destroy: () => {
      clearInterval(optimizer);
      return db.destroy();
    },
  };
}

/** How often a SQLite connection refreshes the planner's statistics (`PRAGMA optimize`). */
export const SQLITE_OPTIMIZE_INTERVAL_MS = 10_000;

/**
 * Fresh planner statistics after a bulk write (the seed, a bench fill). Without them SQLite
 * guesses that an equality on (site, published) picks a few rows and prefers that index over the
 * primary key for `id in (...)` lookups, reading a whole site's rows. SQLite samples
 * (`analysis_limit`), so this stays quick on a large database; PostgreSQL samples by itself.
 * SQLite's other connections (a server already running) keep the statistics they loaded until
 * the schema changes, so it is changed (a table made and dropped) to have them load these.
 */
export async function refreshStatistics({ db, engine }: Db): Promise<void> {
  if (engine === 'sqlite') await sql`PRAGMA analysis_limit = 1000`.execute(db);
  await sql`ANALYZE`.execute(db);
  if (engine === 'sqlite') {
    await sql`CREATE TABLE statistics_refreshed (at INTEGER)`.execute(db);
    await sql`DROP TABLE statistics_refreshed`.execute(db);
  }
}

/**
 * A bound `LIMIT ?` as SQLite best runs it: `LIMIT ? + 0`. SQLite's planner looks at the value
 * bound to a bare `LIMIT ?` (to cost an ORDER BY ... LIMIT), so it marks the statement to be
 * planned again whenever a value is bound there, which is every run of a kept statement: a page
 * of 20 ledger rows took 58 µs instead of 31, most of it parsing and planning the query again.
 * An expression is not looked at; the plans stay those chosen without the value (the plans the
 * tests check are read through here too).
 */
export function unpinnedLimit(sql: string): string {
  return sql.replace(/\b(limit\s+)\?(?!\s*[-+*/])/gi, '$1? + 0');
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
      statement = sqlite.prepare(unpinnedLimit(sql));
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
  const connectTimeout = options.pgConnectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    // A database that does not answer (down, or the network to it cut) fails the request after
    // this long instead of holding it, and the learner a connection, indefinitely. Set on the
    // connections, not the pool: the pool would apply it to the wait for a free connection too,
    // and a burst of requests queued behind a busy pool would fail although the database is up.
    Client: class extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectTimeout });
      }

      // A compiled-once query, or any other text run often, runs as a named prepared
      // statement ({@link statementName}).
      // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads.
      override query(...args: any[]): any {
        const [text, values] = args;
        const name =
          typeof text === 'string' && Array.isArray(values) && args.length === 2
            ? statementName(text)
            : undefined;
        if (name !== undefined && Array.isArray(values) && args.length === 2) {
          return super.query({ name, text, values });
        }
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        return (super.query as (...all: any[]) => any)(...args);
      }
    },
    // Dead peers (a cut network) are noticed on connections that wait between queries.
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A pooled connection the database drops (it restarts, an admin ends it) reports an error on
  // the pool; unheard, it would end the process. The pool has already discarded the connection,
  // and the next checkout opens a new one, so the portal recovers when the database returns.
  pool.on('error', (error) => {
    console.error(`database connection lost: ${error.message}`);
  });
  // The pool listens only while a connection is idle: one dropped while checked out (between
  // a transaction's queries) would report to nobody and end the process. Its next query fails
  // (the request answers 503) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.error(`database connection lost while in use: ${error.message}`);
    });
  });
  const db = new RetryingKysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    destroy: () => db.destroy(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** How long a request waits for a new PostgreSQL connection before it fails (503). */
export const PG_CONNECT_TIMEOUT_MS = 3_000;

/** PostgreSQL's answers that ask for the whole transaction to be tried again. */
const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure
/** Tries of a transaction PostgreSQL aborted as a deadlock victim (or a serialization failure). */
export const TRANSACTION_TRIES = 4;

/** True when `error` is PostgreSQL aborting a transaction that may simply be tried again. */
export function isRetryableAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    RETRYABLE.has(String(error.code))
  );
}

/**
 * A Kysely whose top-level transactions are tried again (up to {@link TRANSACTION_TRIES} times,
 * after a short random pause) when PostgreSQL aborts them as a deadlock victim: two transactions
 * that take the same rows in different orders (e.g. two learners' points moving through shared
 * ranking buckets) both complete instead of one answering HTTP 500. The transaction's work is
 * all in the database, so nothing of the aborted try remains; code inside a transaction does
 * no other lasting work than its queries (side effects run in the same transaction).
 */
class RetryingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    return Object.assign(Object.create(builder) as TransactionBuilder<DB>, {
      execute: async <T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await execute(work);
          } catch (error) {
            if (attempt >= TRANSACTION_TRIES || !isRetryableAbort(error)) throw error;
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
          }
        }
      },
    });
  }
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

/** Error codes of a database that cannot be reached or is going away (either engine). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  'SQLITE_BUSY',
]);

/** pg's own messages for a connection that ended or never came (they carry no code). */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|Client has encountered a connection error|Connection ended|not queryable/i;

/**
 * True when `error` says the database is out of reach for now (down, restarting, the connection
 * dropped or timed out), rather than that the request or the code is wrong: the caller may try
 * again shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && UNAVAILABLE_CODES.has(String(error.code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error instanceof Error && UNAVAILABLE_MESSAGES.test(error.message);
}
