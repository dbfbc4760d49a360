import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';

const CHECK = 'messages_kind_check';

/**
 * Widens the CHECK on `messages.kind` to `kinds` (e.g. adding `medal`). PostgreSQL swaps the
 * CHECK; SQLite cannot alter one, so the table is rebuilt from its stored definition with only
 * the list changed (SQLite's documented 12-step procedure). `message_reads` references
 * `messages`, so foreign keys are off while the old table is dropped (a drop with them on would
 * cascade-delete every read mark); SQLite migrations run outside a transaction, where the
 * pragma takes effect. Frozen once landed: a later kind is a new migration calling this again.
 */
export function allowMessageKinds(engine: Engine, kinds: readonly string[]): Migration {
  for (const kind of kinds) {
    if (!/^[a-z_]+$/.test(kind)) throw new Error(`not a message kind: ${kind}`);
  }
  const list = kinds.map((kind) => `'${kind}'`).join(', ');
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`alter table messages drop constraint ${sql.id(CHECK)}`.execute(db);
        await sql`alter table messages add constraint ${sql.id(CHECK)} check (kind in (${sql.raw(list)}))`.execute(
          db,
        );
        return;
      }
      await rebuildMessages(db, `kind in (${list})`);
    },
  };
}

async function rebuildMessages(db: Kysely<unknown>, check: string) {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = 'messages'`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  const pattern = new RegExp(`("?${CHECK}"?\\s+check\\s*)\\((kind in \\([^)]*\\))\\)`, 'i');
  if (!definition || !pattern.test(definition)) throw new Error(`no ${CHECK} on messages`);
  const rebuilt = definition
    .replace(pattern, `$1(${check})`)
    .replace(/^create table\s+"?\w+"?/i, 'create table "messages_new"');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql.raw('insert into "messages_new" select * from "messages"').execute(db);
    await sql.raw('drop table "messages"').execute(db);
    await sql.raw('alter table "messages_new" rename to "messages"').execute(db);
    for (const index of rows.filter((row) => row.type === 'index' && row.sql)) {
      await sql.raw(index.sql as string).execute(db);
    }
    const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
    if (broken.length > 0) throw new Error('messages rebuild broke a foreign key');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
