import { createHash } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * A fingerprint of every table of a test app's database: per table, its row count and a checksum
 * of its rows. Two equal fingerprints mean nothing was inserted, deleted or changed in between.
 *
 * - SQLite: the sum of an FNV-1a hash of each row's values, computed by a second, read-only
 *   connection to the app's file (which has the hash function).
 * - PostgreSQL: the sum of each row's `xmin`, the transaction that wrote that version of it (an
 *   insert or an update, even to equal values, makes a new one; a rolled-back write leaves none).
 *
 * Taking one costs little while nothing is written: a row trigger on every table (installed here,
 * in the test's own database) counts the writes per table in `fz_changes`, and only the tables
 * whose count moved are summed again. (A write rolled back rolls its count back too.) Tables that
 * take no trigger (the shadow tables of SQLite's full-text index) are summed after every commit;
 * the full-text index itself is a virtual table, whose rows those shadow tables are.
 */
export interface TableFingerprint {
  take(): Promise<Map<string, string>>;
  close(): void;
}

const COUNTS = 'fz_changes';

export async function tableFingerprint(app: FastifyInstance): Promise<TableFingerprint> {
  const { db, engine } = app.database;
  // SQLite's full-text index is a virtual table over shadow tables, which are the stored rows.
  const virtual =
    engine === 'sqlite'
      ? new Set(
          (
            await sql<{ name: string }>`SELECT name FROM sqlite_master
              WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`.execute(db)
          ).rows.map((row) => row.name),
        )
      : new Set<string>();
  const tables = (await db.introspection.getTables()).filter(
    (table) =>
      !table.isView &&
      !table.name.startsWith('sqlite_') &&
      table.name !== COUNTS &&
      !virtual.has(table.name),
  );
  if (tables.length === 0) throw new Error('no tables to fingerprint');
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(COUNTS)} (t TEXT PRIMARY KEY, n INTEGER NOT NULL)`.execute(
    db,
  );
  if (engine === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION fz_changed() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN UPDATE fz_changes SET n = n + 1 WHERE t = TG_TABLE_NAME; RETURN NULL; END $$`.execute(
      db,
    );
  }
  const untracked = new Set<string>();
  for (const table of tables) {
    await sql`INSERT INTO ${sql.table(COUNTS)} (t, n) VALUES (${table.name}, 0)`.execute(db);
    try {
      if (engine === 'postgres') {
        await sql`CREATE TRIGGER fz_changed AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table.name)}
          FOR EACH ROW EXECUTE FUNCTION fz_changed()`.execute(db);
      } else {
        for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
          await sql`${sql.raw(
            `CREATE TRIGGER ${quoteName(`fz_${event}_${table.name}`)} AFTER ${event} ON ${quoteName(table.name)} ` +
              `BEGIN UPDATE ${COUNTS} SET n = n + 1 WHERE t = ${quoteLiteral(table.name)}; END`,
          )}`.execute(db);
        }
      }
    } catch {
      untracked.add(table.name);
    }
  }
  const columns = new Map(tables.map((table) => [table.name, table.columns.map((c) => c.name)]));

  if (engine === 'postgres') {
    const query = async <R>(text: string) => (await sql<R>`${sql.raw(text)}`.execute(db)).rows;
    return tracked(
      async () => query<{ t: string; n: number }>(`SELECT t, n FROM ${COUNTS}`),
      async (names) =>
        query<{ t: string; n: string; s: string }>(
          names
            .map(
              (name) =>
                `SELECT ${quoteLiteral(name)} AS t, count(*)::text AS n, ` +
                `coalesce(sum(xmin::text::bigint), 0)::text AS s FROM ${quoteName(name)}`,
            )
            .join(' UNION ALL '),
        ),
      untracked,
      [...columns.keys()],
      () => {},
    );
  }
  const reader = new SQLite(path.join(app.config.dataDir, 'portal.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  reader.function('fz_row', { deterministic: true, varargs: true }, (...values: unknown[]) =>
    hashRow(values),
  );
  const counts = reader.prepare(`SELECT t, n FROM ${COUNTS}`);
  // Moves only when another connection (the app's) has committed.
  const version = reader.prepare('PRAGMA data_version').pluck();
  const sums = new Map(
    [...columns].map(([name, names]) => [
      name,
      reader.prepare(
        `SELECT ${quoteLiteral(name)} AS t, count(*) AS n, ` +
          `total(fz_row(${names.map(quoteName).join(', ')})) AS s FROM ${quoteName(name)}`,
      ),
    ]),
  );
  return tracked(
    async () => counts.all() as { t: string; n: number }[],
    async (names) =>
      names.map((name) => sums.get(name)?.get() as { t: string; n: number; s: number }),
    untracked,
    [...columns.keys()],
    () => reader.close(),
    () => version.get(),
  );
}

/** Sums again only the tables whose write count moved (and those without a count). */
function tracked(
  counts: () => Promise<{ t: string; n: number }[]>,
  sum: (tables: string[]) => Promise<{ t: string; n: unknown; s: unknown }[]>,
  untracked: Set<string>,
  tables: string[],
  close: () => void,
  /** A mark that stays the same while nothing at all is committed (SQLite's data version). */
  commits?: () => unknown,
): TableFingerprint {
  const lastCounts = new Map<string, number>();
  const prints = new Map<string, string>();
  let first = true;
  let lastCommit: unknown;
  return {
    take: async () => {
      const commit = commits?.();
      if (!first && commits && commit === lastCommit) return new Map(prints);
      lastCommit = commit;
      const dirty = new Set(untracked);
      for (const row of await counts()) {
        if (first || lastCounts.get(row.t) !== Number(row.n)) dirty.add(row.t);
        lastCounts.set(row.t, Number(row.n));
      }
      const names = first ? tables : tables.filter((name) => dirty.has(name));
      first = false;
      if (names.length > 0) {
        for (const row of await sum(names)) prints.set(row.t, `${row.n}:${row.s}`);
      }
      return new Map(prints);
    },
    close,
  };
}

/** The tables whose fingerprint differs, with before and after. */
export function changedTables(before: Map<string, string>, after: Map<string, string>) {
  const changed: string[] = [];
  for (const [table, print] of after) {
    if (before.get(table) !== print) changed.push(`${table} ${before.get(table)} -> ${print}`);
  }
  return changed;
}

const hash32 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex').slice(0, 8);

/** FNV-1a of a row's values (text, numbers, blobs, nulls), as an unsigned 32-bit number. */
function hashRow(values: unknown[]): number {
  let hash = 0x811c9dc5;
  const mix = (code: number) => {
    hash ^= code;
    hash = Math.imul(hash, 0x01000193);
  };
  for (const value of values) {
    if (value === null) mix(0x100);
    else if (Buffer.isBuffer(value)) mix(Number.parseInt(hash32(value), 16));
    else {
      const text = String(value);
      for (let i = 0; i < text.length; i += 1) mix(text.charCodeAt(i));
    }
    mix(0x101);
  }
  return hash >>> 0;
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
