import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * What a site shows: true for a row of `table` (a table, or its alias in the query such as
 * `'c'`) that belongs to the site and is published. Every table of content (courses, classes,
 * activities, e-books, topics, search documents) has `site_key` and `published` (0/1). Use it
 * in `.where(...)`, in `eb.and([...])` or inside `sql` templates.
 */
export function publishedOn(siteKey: string, table: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.site_key`)} = ${siteKey} and ${sql.ref(
    `${table}.published`,
  )} = 1)`;
}

/**
 * A published row of `table` on any site: for content reached through another row that already
 * names the site (a class's courses) or served across sites by design (an activity's calendar file).
 */
export function isPublished(table: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.published`)} = 1`;
}
