import { type ColumnDataType, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Column blocks the migrations share. Each spells exactly what the migrations wrote out before
 * (the schema snapshot test, `schema.test.ts`, holds them to it): a landed migration that uses
 * one must keep building the same schema, so change none of these; add a new helper instead.
 */

/** Adds an auto-increment integer primary key `id`, spelled the way each engine wants it. */
export function idColumn<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** `site_key`: the site a row belongs to, deleted with its site. For `.$call(siteKeyColumn)`. */
export function siteKeyColumn<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('site_key', 'varchar(32)', (c) =>
    c.notNull().references('sites.key').onDelete('cascade'),
  );
}

/**
 * A required integer `column` referencing `target` (e.g. `'users.id'`), the row deleted with
 * what it references. For `.$call(belongsTo('user_id', 'users.id'))`.
 */
export function belongsTo<N extends string>(column: N, target: string) {
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    table.addColumn(column, 'integer', (c) => c.notNull().references(target).onDelete('cascade'));
}

/** Creates the plain (non-unique) index `name` on `table` over `columns`, in order. */
export function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns).execute();
}

/**
 * Required (NOT NULL) columns without a default, `{ name: type }` in table order. For
 * `.$call(required({ title: 'varchar(200)', created_at: 'bigint' }))`.
 */
export function required(columns: Readonly<Record<string, ColumnDataType>>) {
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    Object.entries(columns).reduce<CreateTableBuilder<T, string>>(
      (builder, [name, type]) => builder.addColumn(name, type, (c) => c.notNull()),
      table,
    );
}

/**
 * Makes `table` append-only in the database: any UPDATE or DELETE of a row fails (a SQLite
 * trigger per event; a PostgreSQL trigger function `<table>_append_only`, dropped by
 * {@link dropAppendOnlyGuard}).
 */
export async function guardAppendOnly(engine: Engine, db: Kysely<unknown>, table: string) {
  if (engine === 'sqlite') {
    for (const event of ['UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_no_${event.toLowerCase()} BEFORE ${event} ON ${table}
           BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION ${table}_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION '${table} is append-only'; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION ${table}_append_only()`,
    )
    .execute(db);
}

/** Drops what {@link guardAppendOnly} made (the SQLite triggers go with their table). */
export async function dropAppendOnlyGuard(engine: Engine, db: Kysely<unknown>, table: string) {
  if (engine === 'postgres')
    await sql.raw(`DROP FUNCTION ${table}_append_only() CASCADE`).execute(db);
}

/**
 * Review before publication on a content table with `published` and `created_at`: `status`
 * (`REVIEW_STATUSES`), `version`, `author_id`, `submitted_by`, `review_note` and `updated_at`.
 * What was published stays so; an unpublished row is one taken down (`offline`).
 */
export async function addReviewColumns(db: Kysely<unknown>, table: string) {
  await db.schema
    .alterTable(table)
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('published')
        .check(sql`status in ('draft', 'pending', 'published', 'offline', 'rejected')`),
    )
    .execute();
  await db.schema
    .alterTable(table)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of ['author_id', 'submitted_by']) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  }
  await db.schema.alterTable(table).addColumn('review_note', 'varchar(200)').execute();
  await db.schema
    .alterTable(table)
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update ${sql.table(table)} set status = 'offline' where published = 0`.execute(db);
  await sql`update ${sql.table(table)} set updated_at = created_at`.execute(db);
  // The console's list: the site's rows, newest change first.
  await createIndex(db, `${table}_console_idx`, table, ['site_key', 'updated_at desc', 'id desc']);
}

/** Drops what {@link addReviewColumns} added. */
export async function dropReviewColumns(db: Kysely<unknown>, table: string) {
  await db.schema.dropIndex(`${table}_console_idx`).execute();
  for (const column of ['updated_at', 'review_note', 'submitted_by', 'author_id', 'version']) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
  await db.schema.alterTable(table).dropColumn('status').execute();
}
