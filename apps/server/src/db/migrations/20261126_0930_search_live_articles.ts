import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import {
  classDocs,
  courseDocs,
  createDocumentsTable,
  createSourceTriggers,
  createTextIndex,
  dropDocs,
  type SourceTrigger,
} from './20261122_1740_create_search.ts';
import { activityDocs, ebookDocs } from './20261123_0930_search_activities_ebooks.ts';
import { createSearchBigrams } from './20261124_0900_create_search_bigrams.ts';

/** Every kind `search_documents` holds after this migration (the contract's `CONTENT_TYPES`). */
const KINDS = ['course', 'class', 'activity', 'ebook', 'live', 'article'] as const;

/** The searchable text of the live sessions picked by `where` (a condition on `l`). */
export const liveDocs = (where: string) => `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'live', l.id, l.site_key, l.title,
    l.title || ' ' || l.speaker || ' ' || l.speaker_title || ' ' || ch.name,
    l.published, 0, l.starts_at
  FROM live_sessions l JOIN live_channels ch ON ch.id = l.channel_id
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, sort_time = excluded.sort_time`;

/**
 * The searchable text of the articles picked by `where` (a condition on `a`): title, summary,
 * source and channel (the body is HTML: its tags and attributes are not what a learner types).
 */
export const articleDocs = (where: string) => `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'article', a.id, a.site_key, a.title,
    a.title || ' ' || a.summary || ' ' || a.source || ' ' || ch.name,
    a.published, 0, a.published_at
  FROM articles a JOIN article_channels ch ON ch.id = a.channel_id
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, sort_time = excluded.sort_time`;

const TRIGGERS: SourceTrigger[] = [
  ['search_live_ins', 'live_sessions', 'INSERT', liveDocs('l.id = NEW.id')],
  [
    'search_live_upd',
    'live_sessions',
    'UPDATE OF title, speaker, speaker_title, channel_id, site_key, published, starts_at',
    liveDocs('l.id = NEW.id'),
  ],
  ['search_live_del', 'live_sessions', 'DELETE', dropDocs('live', 'OLD.id')],
  [
    'search_live_channels_upd',
    'live_channels',
    'UPDATE OF name',
    liveDocs('l.channel_id = NEW.id'),
  ],
  ['search_articles_ins', 'articles', 'INSERT', articleDocs('a.id = NEW.id')],
  [
    'search_articles_upd',
    'articles',
    'UPDATE OF title, summary, source, channel_id, site_key, published, published_at',
    articleDocs('a.id = NEW.id'),
  ],
  ['search_articles_del', 'articles', 'DELETE', dropDocs('article', 'OLD.id')],
  [
    'search_article_channels_upd',
    'article_channels',
    'UPDATE OF name',
    articleDocs('a.channel_id = NEW.id'),
  ],
];

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

/**
 * Search finds live sessions and articles too: `search_documents` takes the two new kinds and
 * triggers on `live_sessions`, `live_channels`, `articles` and `article_channels` keep their
 * documents in step. PostgreSQL swaps the kind CHECK in place. SQLite cannot alter a CHECK; as
 * the table and its two indexes (FTS5 trigrams, bigrams) only hold text derived from the source
 * tables, they are dropped and built again with the wider CHECK, then filled from the sources
 * (the source tables' triggers name the table, so they keep working). Frozen: never edit.
 */
export function searchLiveArticles(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const kinds = sql.raw(KINDS.map((kind) => `'${kind}'`).join(', '));
      if (engine === 'postgres') {
        await sql`ALTER TABLE search_documents DROP CONSTRAINT search_documents_kind_check`.execute(
          db,
        );
        await sql`ALTER TABLE search_documents ADD CONSTRAINT search_documents_kind_check
          CHECK (kind in (${kinds}))`.execute(db);
      } else {
        for (const trigger of DOCUMENT_TRIGGERS)
          await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
        for (const table of ['search_fts', 'search_bigrams', 'search_documents']) {
          await sql.raw(`DROP TABLE ${table}`).execute(db);
        }
        await createDocumentsTable(db, engine, KINDS);
        await createTextIndex(db, engine);
        await createSearchBigrams(engine).up(db);
        // Filled after the bigram triggers exist, so they index every document as it comes.
        await sql.raw(courseDocs(engine, 'true')).execute(db);
        await sql.raw(classDocs('true')).execute(db);
        await sql.raw(activityDocs('true')).execute(db);
        await sql.raw(ebookDocs('true')).execute(db);
      }
      await createSourceTriggers(db, engine, TRIGGERS);
      await sql.raw(liveDocs('true')).execute(db);
      await sql.raw(articleDocs('true')).execute(db);
    },
  };
}
