import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, required, siteKeyColumn } from './columns.ts';

/** The tables keyed by (learner, content type, content id), each with a content-type CHECK. */
const TABLES = ['favourites', 'history'] as const;

const checkName = (table: string) => `${table}_content_type_check`;

/** `content_type in ('course', 'class')`: the CHECK for a list of types (plain words only). */
function typeCheck(types: readonly string[]) {
  for (const type of types) {
    if (!/^[a-z_]+$/.test(type)) throw new Error(`not a content type: ${type}`);
  }
  return sql`content_type in (${sql.raw(types.map((type) => `'${type}'`).join(', '))})`;
}

/**
 * A learner's favourites and viewing history across content types (courses and classes now).
 * One row per learner and content: the primary key makes a repeated favourite a no-op and a
 * repeated view an update of the same row, however many requests race. `site_key` keeps each
 * site's lists apart. Frozen: never edit, add a new migration.
 */
export function createFavourites(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('favourites')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ content_type: 'varchar(16)', content_id: 'integer' }))
        .$call(siteKeyColumn)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'content_type', 'content_id'])
        .addCheckConstraint(checkName('favourites'), typeCheck(['course', 'class']))
        .execute();
      // "My favourites on this site, newest first".
      await createIndex(db, 'favourites_recent_idx', 'favourites', [
        'user_id',
        'site_key',
        'created_at',
      ]);

      await db.schema
        .createTable('history')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ content_type: 'varchar(16)', content_id: 'integer' }))
        .$call(siteKeyColumn)
        .addColumn('viewed_at', 'bigint', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('history_pk', ['user_id', 'content_type', 'content_id'])
        .addCheckConstraint(checkName('history'), typeCheck(['course', 'class']))
        .addCheckConstraint('history_view_count_check', sql`view_count >= 1`)
        .execute();
      await createIndex(db, 'history_recent_idx', 'history', ['user_id', 'site_key', 'viewed_at']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of TABLES) await db.schema.dropTable(table).execute();
    },
  };
}

/**
 * A later migration that lets `types` (the whole new list, as in the contract's `CONTENT_TYPES`)
 * into both tables, e.g. `'20270101_0900_allow_activity': allowContentTypes(engine, ['course',
 * 'class', 'activity'])`. PostgreSQL swaps the CHECK; SQLite cannot alter a CHECK, so the table
 * is rebuilt from its own stored definition with only the type list changed (SQLite's documented
 * "make other kinds of table schema changes" procedure: new table, copy, drop, rename, indexes).
 */
export function allowContentTypes(engine: Engine, types: readonly string[]): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const check = typeCheck(types);
      for (const table of TABLES) {
        const name = checkName(table);
        if (engine === 'postgres') {
          await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
          await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} check (${check})`.execute(
            db,
          );
          continue;
        }
        await rebuildSqliteTable(db, table, name, check.compile(db).sql);
      }
    },
  };
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: string, check: string, to: string) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  const pattern = new RegExp(`("?${check}"?\\s+check\\s*)\\((content_type in \\([^)]*\\))\\)`, 'i');
  if (!definition || !pattern.test(definition)) throw new Error(`no ${check} on ${table}`);
  const rebuilt = definition
    .replace(pattern, `$1(${to})`)
    .replace(/^create table\s+"?\w+"?/i, `create table "${table}_new"`);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${table}_new" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}_new" rename to "${table}"`).execute(db);
  // No table references these two, so dropping the old one inside the migration's transaction
  // needs no foreign-key pause.
  for (const index of rows.filter((row) => row.type === 'index' && row.sql)) {
    await sql.raw(index.sql as string).execute(db);
  }
}
