import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';

/** What a search finds or shows of a document, beside its popularity. */
const FOUND_BY = ['site_key', 'title', 'search_text', 'published', 'sort_time'] as const;

/** Bumps the search version of the site of `row` (NEW or OLD). */
const bump = (row: 'NEW' | 'OLD') =>
  `INSERT INTO search_versions (site_key, version) VALUES (${row}.site_key, 1)
   ON CONFLICT (site_key) DO UPDATE SET version = search_versions.version + 1`;

/** [name, event, WHEN condition or '', statements]. */
function triggers(engine: Engine): Array<[string, string, string, string]> {
  const differs = engine === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT';
  const changed = FOUND_BY.map((column) => `OLD.${column} ${differs} NEW.${column}`).join(' OR ');
  return [
    ['search_versions_ins', 'INSERT', '', bump('NEW')],
    // Popularity alone (a learner starting a course, a seat taken) is left out: it only reorders,
    // and the kept rankings follow it within their time (search.service).
    [
      'search_versions_upd',
      `UPDATE OF ${FOUND_BY.join(', ')}`,
      changed,
      `${bump('OLD')}; ${bump('NEW')}`,
    ],
    ['search_versions_del', 'DELETE', '', bump('OLD')],
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
      for (const [name, event, when, statements] of triggers(engine)) {
        const condition = when === '' ? '' : ` WHEN (${when})`;
        if (engine === 'postgres') {
          await sql
            .raw(
              `CREATE FUNCTION ${name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN ${statements}; RETURN NULL; END $$`,
            )
            .execute(db);
          await sql
            .raw(
              `CREATE TRIGGER ${name} AFTER ${event} ON search_documents
               FOR EACH ROW${condition} EXECUTE FUNCTION ${name}_fn()`,
            )
            .execute(db);
        } else {
          await sql
            .raw(
              `CREATE TRIGGER ${name} AFTER ${event} ON search_documents${condition}
               BEGIN ${statements}; END`,
            )
            .execute(db);
        }
      }
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
