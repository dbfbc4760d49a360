import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { sqliteFileOf } from '../db/configured.ts';
import { createDatabase, type Engine } from '../db/database.ts';
import { brokenInvariants } from '../db/invariants.ts';
import { migrationsFor } from '../db/migrations/index.ts';
import { type CopyReport, copyFiles, KEPT_FOLDERS } from './copy-files.ts';
import { type FileStore, LocalFileStore, S3FileStore } from './file-store.ts';

// Backups of a running portal (`npm run backup`) and their restore (`npm run restore`).
//
// A backup is a folder:
//   portal.sqlite   SQLite: a copy made by SQLite's online backup API, in one read transaction
//   database.dump   PostgreSQL: `pg_dump --format=custom`, one MVCC snapshot
//   store/          the kept files of the file store (files/, media/, uploads/), local or bucket
//   manifest.json   engine, times, migration level, file counts, the database copy's sha256
// It is made in a hidden sibling folder and renamed into place once complete, the manifest
// written last: a folder without a manifest is not a backup, and restore refuses it.

/** What a backup reads and a restore writes: the database and the file store of a config. */
export type BackupSettings = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

/**
 * The input is refused and nothing was written: a target that is not empty, a folder that is
 * not a complete backup, a backup of the other engine. The commands exit with code 2.
 */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

const MANIFEST = 'manifest.json';
const STORE = 'store';
/** The database copy's name in a backup folder, by engine (never read from the manifest). */
export const DATABASE_FILE: Record<Engine, string> = {
  sqlite: 'portal.sqlite',
  postgres: 'database.dump',
};

const manifestSchema = z.object({
  format: z.literal(1),
  engine: z.enum(['sqlite', 'postgres']),
  /** When the database was copied (ISO time): the backup holds what was committed by then. */
  takenAt: z.string(),
  finishedAt: z.string(),
  /** The latest migration the database copy has run. */
  migration: z.string().min(1),
  database: z.object({
    file: z.string(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  /** The kept files under `store/`. */
  files: z.object({
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export const engineOf = (settings: Pick<Config, 'databaseUrl'>): Engine =>
  settings.databaseUrl ? 'postgres' : 'sqlite';

/** The file store a config names (without making `DATA_DIR`, unlike `createFileStore`). */
function storeOf(settings: BackupSettings): FileStore {
  return settings.s3 ? new S3FileStore(settings.s3) : new LocalFileStore(settings.dataDir);
}

function describeStore(files: FileStore): string {
  if (files instanceof S3FileStore) return `存储桶 ${files.bucket}`;
  if (files instanceof LocalFileStore) return `文件夹 ${files.root}`;
  return '文件存储';
}

export interface BackupOptions {
  log?: (line: string) => void;
  /** The store to copy files from (the config's by default). */
  files?: FileStore;
}

/**
 * Backs up the database and the file store of `settings` into the new folder `to`, while the
 * portal serves: the database first (a consistent copy, checked), then the files, then the
 * manifest. Refuses a `to` that exists and is not empty. On any failure nothing is left at `to`
 * (nor beside it): the backup is complete or absent. A killed backup leaves its hidden
 * `.<name>.partial-…` folder beside `to`, without a manifest: never taken for a backup.
 */
export async function backup(
  settings: BackupSettings,
  to: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  const target = path.resolve(to);
  await refuseUnlessFreshFolder(target, settings);
  const engine = engineOf(settings);
  const parent = path.dirname(target);
  await fs.promises.mkdir(parent, { recursive: true });
  const temp = path.join(
    parent,
    `.${path.basename(target)}.partial-${randomBytes(6).toString('hex')}`,
  );
  await fs.promises.mkdir(temp);
  const files = options.files ?? storeOf(settings);
  try {
    const takenAt = new Date().toISOString();
    const started = performance.now();
    const copy = path.join(temp, DATABASE_FILE[engine]);
    const migration =
      engine === 'sqlite'
        ? await backupSqlite(sqliteFileOf(settings.dataDir), copy)
        : await backupPostgres(settings.databaseUrl as string, copy);
    const database = {
      file: DATABASE_FILE[engine],
      bytes: (await fs.promises.stat(copy)).size,
      sha256: await sha256Of(copy),
    };
    log(
      `database (${engine}, migration ${migration}): ${megabytes(database.bytes)} copied and ` +
        `checked in ${Math.round(performance.now() - started)} ms`,
    );
    // After the database: every file its copy names was in the store when it was taken.
    const report = await copyFiles(files, new LocalFileStore(path.join(temp, STORE)), log);
    await syncTree(temp);
    const manifest: BackupManifest = {
      format: 1,
      engine,
      takenAt,
      finishedAt: new Date().toISOString(),
      migration,
      database,
      files: { count: report.copied, bytes: report.bytes },
    };
    await writeDurably(path.join(temp, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.promises.rename(temp, target);
    await syncFolder(parent);
    return manifest;
  } catch (error) {
    await fs.promises.rm(temp, { recursive: true, force: true });
    throw error;
  } finally {
    if (!options.files) await files.close();
  }
}

async function refuseUnlessFreshFolder(target: string, settings: BackupSettings) {
  const stat = await fs.promises.stat(target).catch(() => null);
  if (stat && !stat.isDirectory()) {
    throw new BackupRefused(`${target} 已存在且不是文件夹：请给备份一个新的文件夹。`);
  }
  if (stat && (await fs.promises.readdir(target)).length > 0) {
    throw new BackupRefused(
      `备份目标 ${target} 不是空的：请给备份一个新的文件夹（备份从不覆盖已有的文件）。`,
    );
  }
  if (!settings.s3) {
    // Inside a kept folder, the next backup would copy this one into itself.
    for (const folder of KEPT_FOLDERS) {
      const kept = path.join(settings.dataDir, folder);
      if (`${target}${path.sep}`.startsWith(kept)) {
        throw new BackupRefused(`备份不能放在文件存储的 ${kept} 里：请换一个文件夹。`);
      }
    }
  }
}

/** Pages per step of SQLite's backup: all of them, so the copy is made in one step. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database with SQLite's online backup API, then checks the copy: `PRAGMA
 * integrity_check` must answer ok. Answers the copy's migration level.
 *
 * In one step: a step-wise backup lets go of the source between steps and starts over whenever
 * another connection (the server) has written meanwhile, which under a steady load is always.
 * One step reads one snapshot, in one read transaction; in WAL mode that holds up no writer.
 */
async function backupSqlite(file: string, copy: string): Promise<string> {
  if (!fs.existsSync(file)) {
    throw new BackupRefused(
      `没有可备份的数据库：${file} 不存在（DATA_DIR 对吗？数据库是 PostgreSQL 时请设置 DATABASE_URL）。`,
    );
  }
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(copy, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const check = new SQLite(copy, { fileMustExist: true });
  try {
    // The copy as one self-contained file, no write-ahead log beside it.
    check.pragma('journal_mode = DELETE');
    const integrity = check.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') {
      throw new BackupRefused(`数据库副本未通过完整性检查（${String(integrity)}），备份作废。`);
    }
    return sqliteMigration(check, file);
  } finally {
    check.close();
  }
}

function sqliteMigration(db: SQLite.Database, file: string): string {
  const table = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  const row = table
    ? (db.prepare('select name from kysely_migration order by name desc limit 1').get() as
        | { name: string }
        | undefined)
    : undefined;
  if (!row) throw new BackupRefused(`${file} 没有迁移记录：不是门户的数据库，未备份。`);
  return row.name;
}

/**
 * Dumps the PostgreSQL database with `pg_dump --format=custom`, reading the snapshot of a
 * transaction that also reads the migration level (so the manifest says what the dump holds),
 * then checks that `pg_restore` can read the dump's table of contents.
 */
async function backupPostgres(url: string, copy: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
      .rows[0]?.id as string;
    const found = await client.query<{ found: boolean }>(
      "select to_regclass('kysely_migration') is not null as found",
    );
    const level = found.rows[0]?.found
      ? (
          await client.query<{ name: string }>(
            'select name from kysely_migration order by name desc limit 1',
          )
        ).rows[0]?.name
      : undefined;
    if (!level) {
      throw new BackupRefused(
        `数据库 ${databaseNameOf(url)} 没有迁移记录：不是门户的数据库，未备份。`,
      );
    }
    const { dbname, env } = libpq(url);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--lock-wait-timeout=60s',
        `--file=${copy}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await runTool('pg_restore', ['--list', `--file=${os.devNull}`, copy], env);
    return level;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}

export interface RestoreOptions {
  /** Replace what the target holds (its tables and kept files); refused otherwise. */
  replace?: boolean;
  log?: (line: string) => void;
  /** The store to restore files into (the config's by default). */
  files?: FileStore;
}

export interface RestoreReport {
  manifest: BackupManifest;
  files: CopyReport;
  /** Kept files removed from the target before the copy (with `replace`). */
  removedFiles: number;
  /**
   * The invariants of the restored database (seats = rows, ledger sum = balance…): checked when
   * the backup is at this version's latest migration (the server migrates an older one at start).
   */
  invariants: { checked: boolean; broken: string[] };
}

/**
 * Restores the backup in `from` into the database and file store of `settings`. Checks first,
 * writing nothing when refused: the manifest is there and readable, the database copy matches
 * its checksum, the store holds the files it counts, the engine is the target's, the migration is
 * known to this version, and the target (database and store) is empty unless `replace`. The
 * database is restored all or nothing (a file renamed into place; one PostgreSQL transaction),
 * then the files are copied, then the invariants are checked. Run it with the portal stopped.
 */
export async function restore(
  settings: BackupSettings,
  from: string,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const log = options.log ?? (() => undefined);
  const source = path.resolve(from);
  const manifest = await readBackup(source);
  const engine = engineOf(settings);
  if (manifest.engine !== engine) {
    throw new BackupRefused(
      manifest.engine === 'sqlite'
        ? '这是 SQLite 数据库的备份，而目标是 PostgreSQL（设置了 DATABASE_URL）：请不设 DATABASE_URL，恢复到 DATA_DIR 的 SQLite。'
        : '这是 PostgreSQL 数据库的备份，而目标是 SQLite（没有设置 DATABASE_URL）：请设置 DATABASE_URL 指向一个空的 PostgreSQL 数据库。',
    );
  }
  if (!(manifest.migration in migrationsFor(engine))) {
    throw new BackupRefused(
      `备份的数据库已迁移到 ${manifest.migration}，这一版本的门户不认识这次迁移：请用做备份时的版本（或更新的版本）恢复。`,
    );
  }
  const files = options.files ?? storeOf(settings);
  try {
    if (!options.replace) {
      const found = [
        ...(await databaseContents(settings, engine)),
        ...(await storeContents(files)),
      ];
      if (found.length > 0) {
        throw new BackupRefused(
          `目标不是空的：\n  ${found.join('\n  ')}\n` +
            '恢复会替换这些内容；确要替换时请加 --replace（并先停止门户）。',
        );
      }
    }
    const started = performance.now();
    if (engine === 'sqlite') await restoreSqlite(settings.dataDir, source, manifest);
    else await restorePostgres(settings.databaseUrl as string, source, options.replace ?? false);
    log(
      `database (${engine}, migration ${manifest.migration}) restored in ` +
        `${Math.round(performance.now() - started)} ms`,
    );
    if (files instanceof S3FileStore) await files.ensureBucket();
    let removedFiles = 0;
    if (options.replace) {
      const kept: string[] = [];
      for (const folder of KEPT_FOLDERS) {
        for await (const { key } of files.list(folder)) kept.push(key);
      }
      await files.remove(kept);
      removedFiles = kept.length;
      if (kept.length > 0) log(`${kept.length} files of the replaced store removed`);
    }
    const report = await copyFiles(new LocalFileStore(path.join(source, STORE)), files, log);
    const invariants = await checkRestored(settings, manifest);
    return { manifest, files: report, removedFiles, invariants };
  } finally {
    if (!options.files) await files.close();
  }
}

/**
 * The manifest of the backup in `folder`, after checking that the backup is complete and intact:
 * the manifest is there and well formed, the database copy has its size and sha256, and
 * `store/` holds as many files and bytes as it counts. Refuses (BackupRefused) otherwise.
 */
export async function readBackup(folder: string): Promise<BackupManifest> {
  const stat = await fs.promises.stat(folder).catch(() => null);
  if (!stat?.isDirectory()) throw new BackupRefused(`没有这个备份文件夹：${folder}`);
  const text = await fs.promises.readFile(path.join(folder, MANIFEST), 'utf8').catch(() => null);
  if (text === null) {
    throw new BackupRefused(
      `${folder} 里没有 ${MANIFEST}：这不是一份完整的备份（备份没有做完，或不是备份文件夹），不能恢复。`,
    );
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupRefused(`${MANIFEST} 不是有效的 JSON：备份已损坏，不能恢复。`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupRefused(
      `${MANIFEST} 无法识别（${issue?.path.join('.')}：${issue?.message}）：备份已损坏，不能恢复。`,
    );
  }
  const manifest = parsed.data;
  const file = path.join(folder, DATABASE_FILE[manifest.engine]);
  const size = (await fs.promises.stat(file).catch(() => null))?.size;
  if (
    manifest.database.file !== DATABASE_FILE[manifest.engine] ||
    size !== manifest.database.bytes ||
    (await sha256Of(file)) !== manifest.database.sha256
  ) {
    throw new BackupRefused(
      `数据库副本 ${file} 与 ${MANIFEST} 记录的校验和（sha256）不符：备份已损坏或被改动，不能恢复。`,
    );
  }
  let count = 0;
  let bytes = 0;
  const store = new LocalFileStore(path.join(folder, STORE));
  for (const folderName of KEPT_FOLDERS) {
    for await (const entry of store.list(folderName)) {
      count += 1;
      bytes += entry.size;
    }
  }
  if (count !== manifest.files.count || bytes !== manifest.files.bytes) {
    throw new BackupRefused(
      `备份的文件不全：${MANIFEST} 记有 ${manifest.files.count} 个文件（${manifest.files.bytes} 字节），` +
        `${STORE}/ 里有 ${count} 个（${bytes} 字节），不能恢复。`,
    );
  }
  return manifest;
}

/** What the target database holds already (one line each), empty when it holds nothing. */
async function databaseContents(settings: BackupSettings, engine: Engine): Promise<string[]> {
  if (engine === 'sqlite') {
    const file = sqliteFileOf(settings.dataDir);
    if (!fs.existsSync(file)) return [];
    let db: SQLite.Database | undefined;
    try {
      db = new SQLite(file, { fileMustExist: true });
      const tables = db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .pluck()
        .all() as string[];
      return tables.length === 0
        ? []
        : [`数据库 ${file} 已有 ${tables.length} 张表（${tables.slice(0, 3).join('、')}…）`];
    } catch (error) {
      return [`数据库文件 ${file} 已存在，且无法读取（${(error as Error).message}）`];
    } finally {
      db?.close();
    }
  }
  const url = settings.databaseUrl as string;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `无法连接目标数据库 ${databaseNameOf(url)}（${(error as Error).message}）：请先建好一个空的数据库（createdb）。`,
    );
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name ${USER_TABLES} order by 1`,
    );
    return rows.length === 0
      ? []
      : [
          `数据库 ${databaseNameOf(url)} 已有 ${rows.length} 张表（${rows
            .slice(0, 3)
            .map((row) => row.name)
            .join('、')}…）`,
        ];
  } finally {
    await client.end();
  }
}

/** The first kept file of the target store, as a line, when it has one. */
async function storeContents(files: FileStore): Promise<string[]> {
  try {
    for (const folder of KEPT_FOLDERS) {
      for await (const { key } of files.list(folder)) {
        return [`${describeStore(files)} 已有文件（如 ${key}）`];
      }
    }
  } catch (error) {
    // A bucket not made yet holds nothing (the restore makes it).
    if ((error as { name?: string }).name !== 'NoSuchBucket') throw error;
  }
  return [];
}

/**
 * Copies the backup's SQLite file beside the target, checks the copy (checksum, integrity), and
 * renames it into place: the target is the old database or the whole restored one, never half.
 * A write-ahead log of the replaced database is removed first: it must never meet the new file.
 */
async function restoreSqlite(dataDir: string, source: string, manifest: BackupManifest) {
  const target = sqliteFileOf(dataDir);
  await fs.promises.mkdir(dataDir, { recursive: true });
  const temp = path.join(dataDir, `.portal.sqlite.restoring-${randomBytes(6).toString('hex')}`);
  try {
    await fs.promises.copyFile(path.join(source, DATABASE_FILE.sqlite), temp);
    if ((await sha256Of(temp)) !== manifest.database.sha256) {
      throw new Error(`the copy of the database at ${temp} differs from the backup`);
    }
    const check = new SQLite(temp, { fileMustExist: true });
    try {
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`integrity_check: ${String(integrity)}`);
    } finally {
      check.close();
    }
    await syncFile(temp);
    for (const suffix of ['-wal', '-shm', '-journal']) {
      await fs.promises.rm(`${target}${suffix}`, { force: true });
    }
    await fs.promises.rename(temp, target);
    await syncFolder(dataDir);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    await fs.promises.rm(`${temp}-journal`, { force: true });
    throw error;
  }
}

/**
 * The user tables of a PostgreSQL database (any schema but the system's; not an extension's):
 * `from … where …` of a query over `pg_class c` and `pg_namespace n`.
 */
const USER_TABLES = `from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f')
    and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
      and d.objid = c.oid and d.deptype = 'e')`;

/** Run first in the restore's transaction when not replacing: a table made meanwhile aborts it. */
const STILL_EMPTY = `DO $check$ BEGIN
  IF EXISTS (select 1 ${USER_TABLES}) THEN
    RAISE EXCEPTION '目标数据库不是空的（检查之后有表被建立），未恢复';
  END IF;
END $check$;
`;

/**
 * Run first in the restore's transaction with `replace`: removes what the database holds (its
 * own schemas; the tables, views, sequences, routines and types of `public`), keeping `public`
 * itself with its owner and grants, and the extensions (the dump makes them if missing). Rolled
 * back with the rest when the restore fails.
 */
const CLEAR = `DO $clear$
DECLARE
  item record;
BEGIN
  FOR item IN SELECT nspname FROM pg_namespace
    WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
  LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', item.nspname);
  END LOOP;
  -- One at a time, looked up again after each drop: a cascade may have taken the next ones.
  LOOP
    SELECT c.relname, c.relkind INTO item FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
          AND d.objid = c.oid AND d.deptype IN ('e', 'i', 'a'))
      LIMIT 1;
    EXIT WHEN NOT FOUND;
    EXECUTE format('DROP %s public.%I CASCADE', CASE item.relkind
      WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
      WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, item.relname);
  END LOOP;
  LOOP
    SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args INTO item
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
          AND d.objid = p.oid AND d.deptype = 'e')
      LIMIT 1;
    EXIT WHEN NOT FOUND;
    EXECUTE format('DROP ROUTINE public.%I(%s) CASCADE', item.proname, item.args);
  END LOOP;
  LOOP
    SELECT t.typname, t.typtype INTO item FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('c', 'd', 'e', 'r')
        AND (t.typrelid = 0 OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass
          AND d.objid = t.oid AND d.deptype = 'e')
      LIMIT 1;
    EXIT WHEN NOT FOUND;
    EXECUTE format('DROP %s public.%I CASCADE',
      CASE item.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, item.typname);
  END LOOP;
END $clear$;
`;

/**
 * Restores the dump into the database at `url` in one transaction: `pg_restore` writes the dump
 * as SQL, and `psql --single-transaction` runs it after {@link STILL_EMPTY} or {@link CLEAR}.
 * Whatever fails, the database is as it was. Owners and grants of the source are not restored:
 * the objects belong to the user of `url`.
 */
async function restorePostgres(url: string, source: string, replace: boolean) {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-restore-'));
  try {
    const { dbname, env } = libpq(url);
    const script = path.join(work, 'restore.sql');
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--no-publications',
        '--no-subscriptions',
        '--no-tablespaces',
        `--file=${script}`,
        path.join(source, DATABASE_FILE.postgres),
      ],
      env,
    );
    const prelude = path.join(work, 'prelude.sql');
    await fs.promises.writeFile(prelude, replace ? CLEAR : STILL_EMPTY);
    await runTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        `--file=${prelude}`,
        `--file=${script}`,
        `--dbname=${dbname}`,
      ],
      { ...env, PGOPTIONS: '-c client_min_messages=warning' },
    );
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** The restored database's migration level (it must be the manifest's) and its invariants. */
async function checkRestored(
  settings: BackupSettings,
  manifest: BackupManifest,
): Promise<RestoreReport['invariants']> {
  const database = await createDatabase({
    databaseUrl: settings.databaseUrl,
    sqliteFile: sqliteFileOf(settings.dataDir),
  });
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(database.db);
    if (rows[0]?.name !== manifest.migration) {
      throw new Error(
        `the restored database is at migration ${rows[0]?.name}, the backup's is ${manifest.migration}`,
      );
    }
    // A dump carries no planner statistics; the server's queries need them from the start.
    if (database.engine === 'postgres') await sql`ANALYZE`.execute(database.db);
    const latest = Object.keys(migrationsFor(database.engine)).sort().at(-1);
    if (manifest.migration !== latest) return { checked: false, broken: [] };
    const broken = await brokenInvariants(
      async (text) => (await sql.raw<{ id: unknown }>(text).execute(database.db)).rows,
    );
    return { checked: true, broken };
  } finally {
    await database.destroy();
  }
}

/** The libpq form of a `postgres://` URL: the URL without its password, which goes in env. */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function databaseNameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `找不到 ${command}：请安装 PostgreSQL 客户端程序（pg_dump、pg_restore、psql，主版本不低于数据库的），并放在 PATH 里。`,
            )
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else {
        reject(new Error(`${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
      }
    });
  });
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function syncFile(file: string) {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFolder(folder: string) {
  // Not every platform can open a folder to sync it (Windows); the rename is then as durable as
  // the platform makes it.
  await syncFile(folder).catch(() => undefined);
}

/** Flushes every file and folder under `root` to the disk. */
async function syncTree(root: string) {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile()) await syncFile(full);
    else if (entry.isDirectory()) await syncFolder(full);
  }
  await syncFolder(root);
}

async function writeDurably(file: string, text: string) {
  await fs.promises.writeFile(file, text, { flag: 'wx' });
  await syncFile(file);
}
