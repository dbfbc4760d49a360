import type { ContentType, SearchType } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Engine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { publishedOn } from '../content/published.ts';

/** The shortest query the trigram indexes answer (FTS5 trigram and pg_trgm need 3 characters). */
export const TRIGRAM_MIN = 3;

/**
 * The length of the queries the bigram index answers: `search_bigrams` holds every pair of
 * adjacent characters of each document's text (see its migration), so a two-character query is
 * one key lookup, `gram = lower(q)`, reading only the documents that contain it.
 */
export const BIGRAM_LENGTH = 2;

/**
 * The most hits a one-character query collects. No index answers a single character (most of
 * them are in many documents, and a one-character Chinese query is rarely a term), so such a
 * query walks the site's published documents in rank order (the `search_documents_rank_idx`
 * index) and stops after this many hits; the ranking (title matches first) is applied within
 * them.
 */
export const SHORT_QUERY_HITS = 200;

/** What a search looks for. */
export interface SearchScope {
  siteKey: string;
  /** Trimmed, non-empty. */
  q: string;
  type: SearchType;
}

/** A search and the window of its results to read. */
export interface SearchFilter extends SearchScope {
  limit: number;
  offset: number;
}

export interface SearchHitRow {
  id: number;
  kind: ContentType;
  ref_id: number;
  title: string;
}

/** `q` as an FTS5 phrase: with the trigram tokenizer a phrase matches it as a substring. */
function ftsPhrase(q: string): string {
  return `"${q.replaceAll('"', '""')}"`;
}

/** The length of `q` in characters (code points: 𠀀 is one, as it is to both engines). */
const lengthOf = (q: string) => [...q].length;

/** The documents a query may find: the site's published ones, of one type when asked. */
function scope(filter: SearchScope): RawBuilder<unknown> {
  const kind = filter.type === 'all' ? sql`` : sql` AND d.kind = ${filter.type}`;
  return sql`${publishedOn(filter.siteKey, 'd')}${kind}`;
}

/**
 * The matching documents as one derived table `m` (id, kind, ref_id, title, popularity,
 * sort_time, title_match). Queries of 3 or more characters come from the trigram index (FTS5
 * `MATCH` on SQLite, the `gin_trgm_ops` index via `ILIKE` on PostgreSQL), two-character ones
 * from the bigram index ({@link BIGRAM_LENGTH}), single characters from the bounded walk
 * described at {@link SHORT_QUERY_HITS}.
 */
function matches(engine: Engine, filter: SearchScope): RawBuilder<unknown> {
  const pattern = containsPattern(filter.q);
  const titleMatch = matchesPattern(engine, 'd.title', pattern);
  const columns = sql`d.id, d.kind, d.ref_id, d.title, d.popularity, d.sort_time,
    ${titleMatch} AS title_match`;
  const length = lengthOf(filter.q);
  if (length === BIGRAM_LENGTH) {
    // The grams were lower-cased by the engine's lower(), so the query is too. CROSS JOIN keeps
    // SQLite's planner from walking the site's documents and probing the grams for each.
    return sql`(SELECT ${columns} FROM search_bigrams g CROSS JOIN search_documents d
      WHERE g.gram = lower(CAST(${filter.q} AS text)) AND d.id = g.document_id
        AND ${scope(filter)}) m`;
  }
  if (length < BIGRAM_LENGTH) {
    return sql`(SELECT ${columns} FROM search_documents d
      WHERE ${scope(filter)} AND ${matchesPattern(engine, 'd.search_text', pattern)}
      ORDER BY d.popularity DESC, d.sort_time DESC, d.id DESC
      LIMIT ${SHORT_QUERY_HITS}) m`;
  }
  if (engine === 'postgres') {
    return sql`(SELECT ${columns} FROM search_documents d
      WHERE ${scope(filter)} AND ${matchesPattern(engine, 'd.search_text', pattern)}) m`;
  }
  return sql`(SELECT ${columns} FROM search_fts f JOIN search_documents d ON d.id = f.rowid
    WHERE search_fts MATCH ${ftsPhrase(filter.q)} AND ${scope(filter)}) m`;
}

/** The SQL of one page of hits (also used to check its plan). */
export function searchRowsQuery(engine: Engine, filter: SearchFilter) {
  return sql<SearchHitRow>`SELECT m.id, m.kind, m.ref_id, m.title
    FROM ${matches(engine, filter)}
    ORDER BY m.title_match DESC, m.popularity DESC, m.sort_time DESC, m.id DESC
    LIMIT ${filter.limit} OFFSET ${filter.offset}`;
}

/** One page of hits, title matches first, then the most popular, then the newest. */
export async function searchRows(db: Kysely<Database>, engine: Engine, filter: SearchFilter) {
  const { rows } = await searchRowsQuery(engine, filter).execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), ref_id: Number(row.ref_id) }));
}

/** How many documents match (at most {@link SHORT_QUERY_HITS} for a one-character query). */
export async function countMatches(db: Kysely<Database>, engine: Engine, filter: SearchScope) {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n
    FROM ${matches(engine, filter)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Adds searches to a site's terms: `counts` maps each normalised term to how many times it was
 * searched since the last call (insert, or add to the kept count).
 */
export async function addTermCounts(
  db: Kysely<Database>,
  siteKey: string,
  counts: ReadonlyMap<string, number>,
  now: number,
) {
  if (counts.size === 0) return;
  await db
    .insertInto('search_terms')
    .values(
      [...counts].map(([term, count]) => ({ site_key: siteKey, term, count, updated_at: now })),
    )
    .onConflict((oc) =>
      oc.columns(['site_key', 'term']).doUpdateSet((eb) => ({
        count: eb(eb.ref('search_terms.count'), '+', eb.ref('excluded.count')),
        updated_at: now,
      })),
    )
    .execute();
}

const versionQuery = compiledOnce((db, siteKey: string) =>
  db.selectFrom('search_versions').select('version').where('site_key', '=', siteKey),
);

/**
 * The version of what the site's search finds (its documents, their titles, texts and
 * publication), which triggers bump in the writing transaction; "0" before any document.
 */
export async function searchVersion(db: Kysely<Database>, siteKey: string): Promise<string> {
  const [row] = await versionQuery(db, siteKey);
  return String(row?.version ?? 0);
}

/** The most searched terms of a site, most searched (then most recently searched) first. */
export function listHotTerms(db: Kysely<Database>, siteKey: string, limit: number) {
  return db
    .selectFrom('search_terms')
    .select(['term', 'count'])
    .where('site_key', '=', siteKey)
    .orderBy('count', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * For each of `ebookIds` whose PDF text holds `q`, the first page holding it with its text
 * (read from `ebook_pages`, which the e-books' text extraction fills).
 */
export async function firstPagesHolding(
  db: Kysely<Database>,
  engine: Engine,
  ebookIds: readonly number[],
  q: string,
): Promise<Map<number, { page: number; text: string }>> {
  const found = new Map<number, { page: number; text: string }>();
  if (ebookIds.length === 0) return found;
  const holds = matchesPattern(engine, 'text', containsPattern(q));
  const firsts = await db
    .selectFrom('ebook_pages')
    .select(['ebook_id', (eb) => eb.fn.min<number>('page').as('page')])
    .where('ebook_id', 'in', ebookIds)
    .where(holds)
    .groupBy('ebook_id')
    .execute();
  if (firsts.length === 0) return found;
  const pages = await db
    .selectFrom('ebook_pages')
    .select(['ebook_id', 'page', 'text'])
    .where((eb) =>
      eb.or(
        firsts.map((first) =>
          eb.and([eb('ebook_id', '=', first.ebook_id), eb('page', '=', Number(first.page))]),
        ),
      ),
    )
    .execute();
  for (const row of pages) found.set(row.ebook_id, { page: row.page, text: row.text });
  return found;
}
