import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createSourceTriggers, type SourceTrigger } from './20261122_1740_create_search.ts';

/** What a search finds or shows of a document, beside its popularity. */
const FOUND_BY = ['site_key', 'title', 'search_text', 'published', 'sort_time'] as const;

/** Adds one to a site's version (`site` an SQL expression). */
const increment = (site: string) =>
  `INSERT INTO search_versions (site_key, version) VALUES (${site}, 1)
   ON CONFLICT (site_key) DO UPDATE SET version = search_versions.version + 1`;

/**
 * PostgreSQL: bumps a site's version once per transaction. Every update of a row in a
 * transaction leaves a version of it that later lookups of the row walk past until the
 * transaction ends, so a seed writing a hundred thousand documents in one transaction, bumping
 * one row each time, would take quadratic time. The sites already bumped are noted in a
 * transaction-local setting, `<transaction id>:,site,site,` (rolled back with a savepoint too).
 */
const BUMP_ONCE_FUNCTION = `
  CREATE FUNCTION bump_search_version(site text) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    marks text := coalesce(current_setting('portal.search_bumped', true), '');
    tx text := txid_current()::text;
  BEGIN
    IF split_part(marks, ':', 1) <> tx THEN
      marks := tx || ':,';
    END IF;
    IF position(',' || site || ',' in marks) = 0 THEN
      ${increment('site')};
      PERFORM set_config('portal.search_bumped', marks || site || ',', true);
    END IF;
  END $$`;

/** Bumps the search version of the site of `row` (NEW or OLD). */
const bump = (engine: Engine, row: 'NEW' | 'OLD') =>
  engine === 'postgres'
    ? `PERFORM bump_search_version(${row}.site_key)`
    : increment(`${row}.site_key`);

/** The triggers on `search_documents` that bump the versions. */
function triggers(engine: Engine): SourceTrigger[] {
  const differs = engine === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT';
  const changed = FOUND_BY.map((column) => `OLD.${column} ${differs} NEW.${column}`).join(' OR ');
  return [
    ['search_versions_ins', 'search_documents', 'INSERT', bump(engine, 'NEW')],
    // Popularity alone (a learner starting a course, a seat taken) is left out: it only reorders,
    // and the kept rankings follow it within their time (search.service).
    [
      'search_versions_upd',
      'search_documents',
      `UPDATE OF ${FOUND_BY.join(', ')}`,
      `${bump(engine, 'OLD')}; ${bump(engine, 'NEW')}`,
      changed,
    ],
    ['search_versions_del', 'search_documents', 'DELETE', bump(engine, 'OLD')],
  ];
}

/**
 * A version per site of what its search finds: bumped by triggers on `search_documents` in the
 * writing transaction whenever a document is added or removed, or its site, title, text,
 * publication or date changes (so by every write of content, through whichever path). The
 * search keeps each term's ranked hits tagged by it, so a change is found at once, on every
 * instance. Frozen: never edit, add a new migration.
 */
export function versionSearch(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_versions')
        // No key to sites: a document's site is not one either (search_documents).
        .addColumn('site_key', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (engine === 'postgres') await sql.raw(BUMP_ONCE_FUNCTION).execute(db);
      await createSourceTriggers(db, engine, triggers(engine));
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of triggers(engine)) {
        await sql
          .raw(
            `DROP TRIGGER IF EXISTS ${name}${engine === 'postgres' ? ' ON search_documents' : ''}`,
          )
          .execute(db);
        if (engine === 'postgres')
          await sql.raw(`DROP FUNCTION IF EXISTS ${name}_fn()`).execute(db);
      }
      if (engine === 'postgres') {
        await sql`DROP FUNCTION IF EXISTS bump_search_version(text)`.execute(db);
      }
      await db.schema.dropTable('search_versions').execute();
    },
  };
}
