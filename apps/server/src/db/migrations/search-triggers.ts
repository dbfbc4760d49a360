import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database.ts';
import {
  createDocumentsTable,
  createSourceTriggers,
  createTextIndex,
  dropDocs,
  type SourceTrigger,
} from './20261122_1740_create_search.ts';
import { createSearchBigrams } from './20261124_0900_create_search_bigrams.ts';

/*
 * What a migration that makes a new kind of content searchable calls, so that it does not write
 * the trigger code again (the landed search migrations each wrote it out; they stay as they are).
 * The statements are those of `20261128_0913_search_walks.ts`, the last one written out, which
 * `search-triggers.test.ts` holds them to. A landed migration that calls these keeps building
 * what it built, so never change what they write: add a new helper instead.
 */

/** Another table whose writes rewrite documents of the source, e.g. a walk's stops. */
export interface RelatedTrigger {
  /** The trigger's name, e.g. `search_walk_stops_ins`. */
  name: string;
  table: string;
  /** `INSERT`, `DELETE` or `UPDATE OF column, ...`. */
  event: string;
  /** The documents it rewrites: a condition on the source's alias with NEW/OLD, `w.id = NEW.walk_id`. */
  where: string;
}

/** One kind of content as search indexes it: where its rows are and what its documents say. */
export interface SearchSource {
  /** `search_documents.kind` of its documents, e.g. `walk`. */
  kind: string;
  /** The names of its own triggers: `search_<name>_ins`, `_upd`, `_del` (`_pop`). */
  name: string;
  /** The source table (one document per row, `ref_id` its `id`). */
  table: string;
  /** Its alias in the SQL expressions below, e.g. `w`. */
  alias: string;
  /** Tables joined to it for the text, e.g. `JOIN live_channels ch ON ch.id = l.channel_id`. */
  joins?: string;
  /** SQL of the title shown, e.g. `w.title`. */
  title: string;
  /** SQL of all the text a learner may search for. */
  text: string;
  /** SQL of the newest-first key, e.g. `w.created_at`. */
  sortTime: string;
  /** The columns of `table` the document reads: an update of any of them rewrites it. */
  columns: readonly string[];
  /**
   * A ranking key that changes often (seats taken, learners): `expression` is written with the
   * document, and an update of `column` updates only the key (not the text). Without it, 0.
   */
  popularity?: { expression: string; column: string };
  related?: readonly RelatedTrigger[];
}

/** The statement that writes the documents of the rows of `source` picked by `where` (upsert). */
export function searchDocs(source: SearchSource, where: string): string {
  const a = source.alias;
  const popularity = source.popularity?.expression ?? '0';
  const updatePopularity = source.popularity ? ' popularity = excluded.popularity,' : '';
  return `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT '${source.kind}', ${a}.id, ${a}.site_key, ${source.title},
    ${source.text},
    ${a}.published, ${popularity}, ${source.sortTime}
  FROM ${source.table} ${a}${source.joins ? ` ${source.joins}` : ''}
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published,${updatePopularity} sort_time = excluded.sort_time`;
}

/**
 * The triggers that keep the documents of `source` in step: insert, update of its columns,
 * delete (and the popularity key), then those of its related tables.
 */
export function searchTriggers(source: SearchSource): SourceTrigger[] {
  const { name, table, alias, kind, popularity } = source;
  const own = searchDocs(source, `${alias}.id = NEW.id`);
  return [
    [`search_${name}_ins`, table, 'INSERT', own],
    [`search_${name}_upd`, table, `UPDATE OF ${source.columns.join(', ')}`, own],
    ...(popularity
      ? [
          [
            `search_${name}_pop`,
            table,
            `UPDATE OF ${popularity.column}`,
            `UPDATE search_documents SET popularity = NEW.${popularity.column} WHERE kind = '${kind}' AND ref_id = NEW.id`,
          ] satisfies SourceTrigger,
        ]
      : []),
    [`search_${name}_del`, table, 'DELETE', dropDocs(kind, 'OLD.id')],
    ...(source.related ?? []).map(
      (related): SourceTrigger => [
        related.name,
        related.table,
        related.event,
        searchDocs(source, related.where),
      ],
    ),
  ];
}

/** The triggers on `search_documents` itself (its FTS5 table and its bigrams), SQLite only. */
const DOCUMENT_TRIGGERS = [
  'search_fts_ins',
  'search_fts_del',
  'search_fts_upd',
  'search_bigrams_ins',
  'search_bigrams_upd_add',
  'search_bigrams_upd_drop',
  'search_bigrams_del',
];

const COLUMNS = 'id, kind, ref_id, site_key, title, search_text, published, popularity, sort_time';

/**
 * Lets `search_documents` hold `kinds` (every kind, the ones it holds already and the new ones).
 * PostgreSQL swaps the kind CHECK in place. SQLite cannot alter a CHECK: the table and its two
 * indexes (FTS5 trigrams, bigrams) are built again with the wider CHECK and the documents already
 * there are copied back, whichever migration indexed them.
 */
export async function allowSearchKinds(
  db: Kysely<unknown>,
  engine: Engine,
  kinds: readonly string[],
): Promise<void> {
  if (engine === 'postgres') {
    for (const kind of kinds) {
      if (!/^[a-z_]+$/.test(kind)) throw new Error(`not a content kind: ${kind}`);
    }
    const list = sql.raw(kinds.map((kind) => `'${kind}'`).join(', '));
    await sql`ALTER TABLE search_documents DROP CONSTRAINT search_documents_kind_check`.execute(db);
    await sql`ALTER TABLE search_documents ADD CONSTRAINT search_documents_kind_check
      CHECK (kind in (${list}))`.execute(db);
    return;
  }
  await sql
    .raw(`CREATE TEMP TABLE search_documents_kept AS SELECT ${COLUMNS} FROM search_documents`)
    .execute(db);
  for (const trigger of DOCUMENT_TRIGGERS) await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
  for (const table of ['search_fts', 'search_bigrams', 'search_documents']) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
  await createDocumentsTable(db, engine, kinds);
  await createTextIndex(db, engine);
  await createSearchBigrams(engine).up(db);
  // Copied after the index triggers exist, so they index every document as it comes.
  await sql
    .raw(
      `INSERT INTO search_documents (${COLUMNS})
       SELECT ${COLUMNS} FROM search_documents_kept ORDER BY id`,
    )
    .execute(db);
  await sql.raw('DROP TABLE search_documents_kept').execute(db);
}

/**
 * Makes `source` searchable: installs its triggers on both engines (a plpgsql function per
 * trigger on PostgreSQL) and writes the documents of the rows already there. Its kind must be
 * allowed first ({@link allowSearchKinds}).
 */
export async function indexSearchSource(
  db: Kysely<unknown>,
  engine: Engine,
  source: SearchSource,
): Promise<void> {
  await createSourceTriggers(db, engine, searchTriggers(source));
  await sql.raw(searchDocs(source, 'true')).execute(db);
}
