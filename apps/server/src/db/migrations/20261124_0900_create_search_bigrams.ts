import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';

/*
 * The two-character index of search. Chinese terms are often two characters (书法, 太极), which
 * neither trigram index answers. `search_bigrams` holds, per search document, every distinct
 * pair of adjacent characters (code points, never UTF-16 halves) of its `search_text` lower-cased
 * by the engine's `lower()` (the case LIKE and ILIKE ignore); pairs holding a space are left out,
 * since a trimmed two-character query never has one. Its key (gram, document_id) answers "the
 * documents containing these two characters" by reading only them, on both engines.
 *
 * Triggers on `search_documents` keep it in step, so the source tables' triggers (and so every
 * write of a course, class, activity or e-book) index it without code remembering to:
 * - insert: the document's pairs;
 * - update of the text: the old pairs the new text lacks are deleted, the ones it adds inserted;
 * - delete: the old text's pairs are deleted.
 * The old text's pairs are looked up by key, so no second index on document_id is needed (a
 * foreign key would need one to cascade). Frozen: never edit, add a new migration.
 */

/**
 * The pairs of adjacent characters without a space, as rows (gram, document_id), of the rows
 * (id, t) of `source` (an SQL FROM item whose `t` is lower-cased already); a pair found twice in
 * a text comes twice unless `distinct`.
 */
function gramRows(engine: Engine, source: string, distinct: boolean): string {
  const select = distinct ? 'SELECT DISTINCT' : 'SELECT';
  if (engine === 'postgres') {
    return `${select} substr(s.t, p, 2) AS gram, s.id AS document_id
      FROM ${source} s CROSS JOIN LATERAL generate_series(1, char_length(s.t) - 1) AS p
      WHERE substr(s.t, p, 2) NOT LIKE '% %'`;
  }
  // SQLite has no generate_series (and no CTE inside a trigger): json_each numbers the elements
  // of an array with one element per character, `[0,0,...,0]`.
  return `${select} substr(s.t, p.key + 1, 2) AS gram, s.id AS document_id
    FROM ${source} s,
      json_each('[' || replace(printf('%.*c', length(s.t), 'x'), 'x', '0,') || '0]') AS p
    WHERE p.key < length(s.t) - 1 AND substr(s.t, p.key + 1, 2) NOT LIKE '% %'`;
}

/**
 * The pairs of the trigger's `NEW` or `OLD` row, repeats included: the key absorbs them (cheaper
 * than sorting them out in each trigger).
 */
const rowGrams = (engine: Engine, row: 'NEW' | 'OLD') =>
  gramRows(engine, `(SELECT ${row}.id AS id, lower(${row}.search_text) AS t)`, false);

/** True when the text `haystack` holds the text `needle` (both SQL expressions). */
const holds = (engine: Engine, haystack: string, needle: string) =>
  engine === 'postgres'
    ? `strpos(${haystack}, ${needle}) > 0`
    : `instr(${haystack}, ${needle}) > 0`;

/** Inserts the pairs of `NEW` that `filter` (a condition on `g.gram`, or `true`) lets through. */
const addGrams = (engine: Engine, filter: string) => `
  INSERT INTO search_bigrams (gram, document_id)
  SELECT g.gram, g.document_id FROM (${rowGrams(engine, 'NEW')}) g WHERE ${filter}
  ON CONFLICT DO NOTHING`;

/** Deletes the pairs of `OLD` that `filter` (a condition on `g.gram`, or `true`) lets through. */
const dropGrams = (engine: Engine, filter: string) => `
  DELETE FROM search_bigrams WHERE document_id = OLD.id
  AND gram IN (SELECT g.gram FROM (${rowGrams(engine, 'OLD')}) g WHERE ${filter})`;

/** [name, event, WHEN condition or '', statement]. */
function triggers(engine: Engine): Array<[string, string, string, string]> {
  const changed =
    engine === 'postgres'
      ? 'OLD.search_text IS DISTINCT FROM NEW.search_text'
      : 'OLD.search_text IS NOT NEW.search_text';
  const [oldText, newText] = ['lower(OLD.search_text)', 'lower(NEW.search_text)'];
  return [
    ['search_bigrams_ins', 'INSERT', '', addGrams(engine, 'true')],
    // An update writes only the pairs that differ (a tag added to a course adds a few): the new
    // text's pairs the old text lacks...
    [
      'search_bigrams_upd_add',
      'UPDATE OF search_text',
      changed,
      addGrams(engine, `NOT ${holds(engine, oldText, 'g.gram')}`),
    ],
    // ...and the old text's pairs the new one lacks, which there are none of when the new text
    // holds the old one (a field appended).
    [
      'search_bigrams_upd_drop',
      'UPDATE OF search_text',
      `${changed} AND NOT ${holds(engine, newText, oldText)}`,
      dropGrams(engine, `NOT ${holds(engine, newText, 'g.gram')}`),
    ],
    ['search_bigrams_del', 'DELETE', '', dropGrams(engine, 'true')],
  ];
}

export function createSearchBigrams(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_bigrams')
        .addColumn('gram', 'text', (c) => c.notNull())
        .addColumn('document_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_bigrams_pk', ['gram', 'document_id'])
        // SQLite: the rows are the key's b-tree itself (no rowid table beside it).
        .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table))
        .execute();
      for (const [name, event, when, statement] of triggers(engine)) {
        const body = `${statement};`;
        const condition = when === '' ? '' : ` WHEN (${when})`;
        if (engine === 'postgres') {
          await sql
            .raw(
              `CREATE FUNCTION ${name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN ${body} RETURN NULL; END $$`,
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
               BEGIN ${body} END`,
            )
            .execute(db);
        }
      }
      // Index what is already there, in key order.
      const grams = gramRows(
        engine,
        '(SELECT id, lower(search_text) AS t FROM search_documents)',
        true,
      );
      await sql
        .raw(
          `INSERT INTO search_bigrams (gram, document_id)
           SELECT gram, document_id FROM (${grams}) g ORDER BY gram, document_id`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of triggers(engine)) {
        await sql
          .raw(`DROP TRIGGER ${name}${engine === 'postgres' ? ' ON search_documents' : ''}`)
          .execute(db);
        if (engine === 'postgres') await sql.raw(`DROP FUNCTION ${name}_fn()`).execute(db);
      }
      await db.schema.dropTable('search_bigrams').execute();
    },
  };
}
