import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from './database.ts';

/** `text` as a LIKE pattern matching it anywhere, with `\` as the escape character. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * True when `column` matches `pattern` (a {@link containsPattern}) ignoring case: SQLite's LIKE
 * ignores ASCII case, ILIKE does the same (and more) on PostgreSQL.
 */
export function matchesPattern(
  engine: Engine,
  column: string,
  pattern: string,
): RawBuilder<SqlBool> {
  const like = engine === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  return sql<SqlBool>`(${sql.ref(column)} ${like} ${pattern} ESCAPE '\\')`;
}
