import type { ReviewListQuery } from '@portal/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { dayRange } from '../operators/audit.ts';

/**
 * The filters every reviewed kind's console list shares, over its rows (as `alias`, `r` unless
 * said) beside their waiting edits as `e` (`content_edits`, left-joined): the state (待审核 also
 * finds a published record whose edit waits), words of the title (its `title` column unless
 * said), the author and the days of the last change. A day that is no date, or days out of
 * order, answer 400 naming the field.
 */
export function reviewListWhere(
  engine: Engine,
  query: Omit<ReviewListQuery, 'page' | 'size'>,
  { alias = 'r', title = 'title' }: { alias?: string; title?: string } = {},
): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const { start, end } = dayRange(query.from, query.to);
  const parts: RawBuilder<unknown>[] = [];
  if (query.status === 'pending') {
    parts.push(sql`(${column('status')} = 'pending' or ${sql.ref('e.status')} = 'pending')`);
  } else if (query.status !== undefined) {
    parts.push(sql`${column('status')} = ${query.status}`);
  }
  if (query.q) parts.push(matchesPattern(engine, `${alias}.${title}`, containsPattern(query.q)));
  if (query.authorId !== undefined) parts.push(sql`${column('author_id')} = ${query.authorId}`);
  if (start !== null) parts.push(sql`${column('updated_at')} >= ${start}`);
  if (end !== null) parts.push(sql`${column('updated_at')} < ${end}`);
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
