import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createSourceTriggers, type SourceTrigger } from './20261122_1740_create_search.ts';

/** What a search finds or shows of a document, beside its popularity. */
const FOUND_BY = ['site_key', 'title', 'search_text', 'published', 'sort_time'] as const;

/** Bumps the search version of the site of `row` (NEW or OLD). */
const bump = (row: 'NEW' | 'OLD') =>
  `INSERT INTO search_versions (site_key, version) VALUES (${row}.site_key, 1)
   ON CONFLICT (site_key) DO UPDATE SET version = search_versions.version + 1`;

/** The triggers on `search_documents` that bump the versions. */
function triggers(engine: Engine): SourceTrigger[] {
  const differs = engine === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT';
  const changed = FOUND_BY.map((column) => `OLD.${column} ${differs} NEW.${column}`).join(' OR ');
  return [
    ['search_versions_ins', 'search_documents', 'INSERT', bump('NEW')],
    // Popularity alone (a learner starting a course, a seat taken) is left out: it only reorders,
    // and the kept rankings follow it within their time (search.service).
    [
      'search_versions_upd',
      'search_documents',
      `UPDATE OF ${FOUND_BY.join(', ')}`,
      `${bump('OLD')}; ${bump('NEW')}`,
      changed,
    ],
    ['search_versions_del', 'search_documents', 'DELETE', bump('OLD')],
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
      await db.schema.dropTable('search_versions').execute();
    },
  };
}
