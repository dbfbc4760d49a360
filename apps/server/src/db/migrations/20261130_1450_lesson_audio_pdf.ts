import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';

const TABLE = 'course_lessons';
const CHECK = 'course_lessons_kind_check';
/** The kinds a lesson may have from this migration on. */
const KINDS = "kind in ('video', 'audio', 'pdf', 'article')";

/**
 * Audio and PDF lessons: `course_lessons.kind` allows `audio` and `pdf` besides `video` and
 * `article`, with the audio's address (`audio_url`), the PDF's (`pdf_url`) and its pages
 * (`page_count`, read from the file by the server). Frozen: never edit, add a new migration.
 *
 * PostgreSQL swaps the CHECK. SQLite cannot alter a CHECK, so the table is rebuilt from its own
 * stored definition (SQLite's "other kinds of table schema changes": new table, copy, drop,
 * rename, indexes and triggers). Other tables reference `course_lessons` (`lesson_progress`,
 * `course_learners`): with foreign keys on, dropping the old table would delete learners'
 * progress by its cascade, so they are turned off around the rebuild (SQLite ignores the pragma
 * inside a transaction, and Kysely's Migrator runs SQLite migrations outside one: its SQLite
 * adapter has no transactional DDL), the rebuild runs in its own transaction, and
 * `foreign_key_check` proves every reference still holds before it commits.
 */
export function allowLessonAudioPdf(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`alter table ${sql.table(TABLE)} drop constraint ${sql.id(CHECK)}`.execute(db);
        await sql`alter table ${sql.table(TABLE)} add constraint ${sql.id(CHECK)} check (${sql.raw(KINDS)})`.execute(
          db,
        );
      } else {
        await rebuildWithForeignKeysOff(db);
      }
      await db.schema.alterTable(TABLE).addColumn('audio_url', 'varchar(500)').execute();
      await db.schema.alterTable(TABLE).addColumn('pdf_url', 'varchar(500)').execute();
      await db.schema
        .alterTable(TABLE)
        .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

async function rebuildWithForeignKeysOff(db: Kysely<unknown>) {
  const { rows: pragma } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const enforced = Number(pragma[0]?.foreign_keys ?? 0) === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await rebuild(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) {
        throw new Error(`${TABLE} rebuild broke ${broken.length} foreign key references`);
      }
    });
  } finally {
    if (enforced) await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuild(db: Kysely<unknown>) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${TABLE}`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  const pattern = new RegExp(`("?${CHECK}"?\\s+check\\s*)\\((kind in \\([^)]*\\))\\)`, 'i');
  if (!definition || !pattern.test(definition)) throw new Error(`no ${CHECK} on ${TABLE}`);
  const rebuilt = definition
    .replace(pattern, `$1(${KINDS})`)
    .replace(/^create table\s+"?\w+"?/i, `create table "${TABLE}_new"`);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${TABLE}_new" select * from "${TABLE}"`).execute(db);
  await sql.raw(`drop table "${TABLE}"`).execute(db);
  await sql.raw(`alter table "${TABLE}_new" rename to "${TABLE}"`).execute(db);
  // Indexes and triggers went with the old table: made again from their stored definitions.
  for (const entry of rows.filter((row) => row.type !== 'table' && row.sql)) {
    await sql.raw(entry.sql as string).execute(db);
  }
}
