import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/*
 * Search. `search_documents` holds one row per course and class: the site, the published flag,
 * the ranking keys and `search_text` (all the text a learner may search for). Triggers on the
 * source tables keep it in step, so the seed and every later write are indexed without any code
 * remembering to. The substring index over `search_text` differs per engine:
 * - SQLite: an FTS5 table with the trigram tokenizer (external content = search_documents),
 *   kept in step by triggers on search_documents;
 * - PostgreSQL: a GIN index with pg_trgm's `gin_trgm_ops`.
 * Both answer substring queries of 3 characters or more from the index; shorter ones are read
 * by the search queries off the (site, published, popularity) index with a bound.
 * `search_terms` counts the queries per site and normalised term (the hot terms).
 * Frozen: never edit, add a new migration.
 */

/** The searchable text of the courses picked by `where` (a condition on `c`). */
export const courseDocs = (engine: Engine, where: string) => {
  const tags =
    engine === 'postgres'
      ? `(SELECT string_agg(tag, ' ' ORDER BY tag) FROM course_tags WHERE course_id = c.id)`
      : `(SELECT group_concat(tag, ' ') FROM course_tags WHERE course_id = c.id)`;
  return `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'course', c.id, c.site_key, c.title,
    c.title || ' ' || c.summary || ' ' || t.name || ' ' || COALESCE(${tags}, ''),
    c.published, c.learner_count, COALESCE(c.published_at, c.created_at)
  FROM courses c JOIN teachers t ON t.id = c.teacher_id
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, popularity = excluded.popularity,
    sort_time = excluded.sort_time`;
};

/** The searchable text of the classes picked by `where` (a condition on `k`). */
export const classDocs = (where: string) => `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'class', k.id, k.site_key, k.title,
    k.title || ' ' || k.place || ' ' || k.teacher_name,
    k.published, k.seats_taken, k.created_at
  FROM classes k
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, popularity = excluded.popularity,
    sort_time = excluded.sort_time`;

export const dropDocs = (kind: string, id: string) =>
  `DELETE FROM search_documents WHERE kind = '${kind}' AND ref_id = ${id}`;

/**
 * A trigger on a source table: [name, table, event, statement with NEW/OLD], and optionally a
 * condition on NEW/OLD that must hold for it to run.
 */
export type SourceTrigger = [
  name: string,
  table: string,
  event: string,
  statement: string,
  when?: string,
];

/** Source-table triggers: [name, table, event, statement with NEW/OLD]. */
function sourceTriggers(engine: Engine): SourceTrigger[] {
  return [
    ['search_courses_ins', 'courses', 'INSERT', courseDocs(engine, 'c.id = NEW.id')],
    [
      'search_courses_upd',
      'courses',
      'UPDATE OF title, summary, teacher_id, site_key, published, published_at',
      courseDocs(engine, 'c.id = NEW.id'),
    ],
    // Popularity changes often (every learner who starts): update the key only, not the text.
    [
      'search_courses_pop',
      'courses',
      'UPDATE OF learner_count',
      `UPDATE search_documents SET popularity = NEW.learner_count WHERE kind = 'course' AND ref_id = NEW.id`,
    ],
    ['search_courses_del', 'courses', 'DELETE', dropDocs('course', 'OLD.id')],
    ['search_course_tags_ins', 'course_tags', 'INSERT', courseDocs(engine, 'c.id = NEW.course_id')],
    ['search_course_tags_del', 'course_tags', 'DELETE', courseDocs(engine, 'c.id = OLD.course_id')],
    [
      'search_teachers_upd',
      'teachers',
      'UPDATE OF name',
      courseDocs(engine, 'c.teacher_id = NEW.id'),
    ],
    ['search_classes_ins', 'classes', 'INSERT', classDocs('k.id = NEW.id')],
    [
      'search_classes_upd',
      'classes',
      'UPDATE OF title, place, teacher_name, site_key, published',
      classDocs('k.id = NEW.id'),
    ],
    [
      'search_classes_pop',
      'classes',
      'UPDATE OF seats_taken',
      `UPDATE search_documents SET popularity = NEW.seats_taken WHERE kind = 'class' AND ref_id = NEW.id`,
    ],
    ['search_classes_del', 'classes', 'DELETE', dropDocs('class', 'OLD.id')],
  ];
}

/** The schema pg_trgm lives in (created in `public` when missing), to qualify its operator class. */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const find = async () => {
    const { rows } = await sql<{ schema: string }>`
      SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'
    `.execute(db);
    return rows[0]?.schema;
  };
  const found = await find();
  if (found) return found;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
  } catch (error) {
    // Two migrations racing to create it (parallel test schemas): the other one won.
    if (!(await find())) throw error;
  }
  const created = await find();
  if (!created) throw new Error('pg_trgm is not available on this PostgreSQL server');
  return created;
}

/** `search_documents` and its rank index, taking the content `kinds` (plain words only). */
export async function createDocumentsTable(
  db: Kysely<unknown>,
  engine: Engine,
  kinds: readonly string[],
) {
  for (const kind of kinds) {
    if (!/^[a-z_]+$/.test(kind)) throw new Error(`not a content kind: ${kind}`);
  }
  const kindList = sql.raw(kinds.map((kind) => `'${kind}'`).join(', '));
  await idColumn(engine, db.schema.createTable('search_documents'))
    .$call(
      required({
        kind: 'varchar(16)',
        ref_id: 'integer',
        site_key: 'varchar(32)',
        title: 'varchar(200)',
        search_text: 'text',
        published: 'integer',
        popularity: 'bigint',
        sort_time: 'bigint',
      }),
    )
    .addUniqueConstraint('search_documents_ref_key', ['kind', 'ref_id'])
    .addCheckConstraint('search_documents_kind_check', sql`kind in (${kindList})`)
    .execute();
  // Short queries walk this in rank order (see search.queries.ts).
  await createIndex(db, 'search_documents_rank_idx', 'search_documents', [
    'site_key',
    'published',
    'popularity desc',
    'sort_time desc',
    'id desc',
  ]);
}

/** The substring index over `search_text`: pg_trgm's GIN index, or SQLite's FTS5 trigram table. */
export async function createTextIndex(db: Kysely<unknown>, engine: Engine) {
  if (engine === 'postgres') {
    const trgm = await trigramSchema(db);
    await sql
      .raw(
        `CREATE INDEX search_documents_text_trgm_idx ON search_documents
         USING gin (search_text ${trgm}.gin_trgm_ops)`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE VIRTUAL TABLE search_fts USING fts5(search_text,
       content='search_documents', content_rowid='id', tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_fts_ins AFTER INSERT ON search_documents BEGIN
         INSERT INTO search_fts (rowid, search_text) VALUES (NEW.id, NEW.search_text);
       END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_fts_del AFTER DELETE ON search_documents BEGIN
         INSERT INTO search_fts (search_fts, rowid, search_text)
         VALUES ('delete', OLD.id, OLD.search_text);
       END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_fts_upd AFTER UPDATE OF search_text ON search_documents
       WHEN OLD.search_text IS NOT NEW.search_text BEGIN
         INSERT INTO search_fts (search_fts, rowid, search_text)
         VALUES ('delete', OLD.id, OLD.search_text);
         INSERT INTO search_fts (rowid, search_text) VALUES (NEW.id, NEW.search_text);
       END`,
    )
    .execute(db);
}

/** Installs source-table triggers (a plpgsql function per trigger on PostgreSQL). */
export async function createSourceTriggers(
  db: Kysely<unknown>,
  engine: Engine,
  triggers: readonly SourceTrigger[],
) {
  for (const [name, table, event, statement, when] of triggers) {
    const condition = when ? ` WHEN (${when})` : '';
    if (engine === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION ${name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN ${statement}; RETURN NULL; END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table}
           FOR EACH ROW${condition} EXECUTE FUNCTION ${name}_fn()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table}${condition} BEGIN ${statement}; END`,
        )
        .execute(db);
    }
  }
}

export function createSearch(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createDocumentsTable(db, engine, ['course', 'class']);
      await createTextIndex(db, engine);
      await createSourceTriggers(db, engine, sourceTriggers(engine));

      // Index what is already there (a database created before this migration).
      await sql.raw(courseDocs(engine, 'true')).execute(db);
      await sql.raw(classDocs('true')).execute(db);

      await db.schema
        .createTable('search_terms')
        .$call(siteKeyColumn)
        .addColumn('term', 'varchar(50)', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_terms_pk', ['site_key', 'term'])
        .execute();
      await createIndex(db, 'search_terms_hot_idx', 'search_terms', [
        'site_key',
        'count desc',
        'updated_at desc',
      ]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('search_terms').execute();
      if (engine === 'sqlite') await sql`DROP TABLE search_fts`.execute(db);
      for (const [name, table] of sourceTriggers(engine)) {
        await sql
          .raw(`DROP TRIGGER ${name}${engine === 'postgres' ? ` ON ${table}` : ''}`)
          .execute(db);
        if (engine === 'postgres') await sql.raw(`DROP FUNCTION ${name}_fn()`).execute(db);
      }
      await db.schema.dropTable('search_documents').execute();
    },
  };
}
