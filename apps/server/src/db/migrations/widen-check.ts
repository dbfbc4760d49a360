import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The position just past the parenthesised expression that opens at `open` (a `(`) in `text`,
 * skipping quoted strings and names; -1 when it never closes.
 */
function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let at = open; at < text.length; at += 1) {
    const char = text[at];
    if (quote) {
      if (char === quote) {
        // A doubled quote is one quote inside the string.
        if (text[at + 1] === quote) at += 1;
        else quote = null;
      }
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

/**
 * `definition` (a `CREATE TABLE` as SQLite stores it) with the expression of the CHECK named
 * `name` replaced by `check`, and the table named `renamed`.
 */
export function rewriteCheck(
  definition: string,
  name: string,
  check: string,
  renamed: string,
): string {
  const head = new RegExp(`constraint\\s+"?${name}"?\\s+check\\s*\\(`, 'i').exec(definition);
  if (!head) throw new Error(`no CHECK ${name} in: ${definition.slice(0, 200)}`);
  const open = head.index + head[0].length - 1;
  const close = closingParenthesis(definition, open);
  if (close < 0) throw new Error(`CHECK ${name} does not close`);
  const rewritten = `${definition.slice(0, open)}(${check})${definition.slice(close)}`;
  return rewritten.replace(/^create table\s+("[^"]+"|\w+)/i, `CREATE TABLE "${renamed}"`);
}

/**
 * Replaces the CHECK constraint `name` on `table` with `check` (its SQL expression, e.g. to
 * allow more statuses), keeping every row. PostgreSQL drops and adds the constraint; SQLite
 * cannot alter one, so the table is rebuilt from its stored definition with only that
 * expression changed (SQLite's documented 12-step procedure): the rows copied, its indexes and
 * triggers made again, foreign keys off meanwhile (a drop with them on would cascade to the
 * tables that reference it) and checked before the commit. SQLite migrations run outside a
 * transaction, where the pragma takes effect. What it writes never changes once a landed
 * migration calls it: change it by adding another helper.
 */
export async function widenCheck(
  db: Kysely<unknown>,
  engine: Engine,
  table: string,
  name: string,
  check: string,
): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} check (${sql.raw(check)})`.execute(
      db,
    );
    return;
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  if (!definition) throw new Error(`no table ${table}`);
  const scratch = `${table}_widened`;
  const rebuilt = rewriteCheck(definition, name, check, scratch);
  // Indexes and triggers as created (the automatic ones of UNIQUE come with the table).
  const remade = rows.filter((row) => row.type !== 'table' && row.sql !== null);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql.raw(`insert into "${scratch}" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${scratch}" rename to "${table}"`).execute(db);
    for (const row of remade) await sql.raw(row.sql as string).execute(db);
    const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
    if (broken.length > 0) throw new Error(`rebuilding ${table} broke a foreign key`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
