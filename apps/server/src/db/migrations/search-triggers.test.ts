import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countMatches } from '../../modules/search/search.queries.ts';
import { testEngines } from '../../testing/test-app.ts';
import type { Engine } from '../database.ts';
import type { Database } from '../schema.ts';
import { createSourceTriggers } from './20261122_1740_create_search.ts';
import { articleDocs, liveDocs } from './20261126_0930_search_live_articles.ts';
import { placeDocs } from './20261128_0903_search_places.ts';
import { migrationsFor } from './index.ts';
import { withMigrationDatabase } from './migration-test-database.ts';
import {
  allowSearchKinds,
  indexSearchSource,
  type SearchSource,
  searchDocs,
  searchTriggers,
} from './search-triggers.ts';

/** The kinds `search_documents` holds after the last search migration. */
const KINDS = ['course', 'class', 'activity', 'ebook', 'live', 'article', 'place', 'walk'];

/** White space folded: the engines keep a statement's text as it was written. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The walks of `20261128_0913_search_walks.ts` as a source (its SQL expressions copied). */
const walks = (engine: Engine): SearchSource => ({
  kind: 'walk',
  name: 'walks',
  table: 'walks',
  alias: 'w',
  title: 'w.title',
  text: `w.title || ' 人文行走 ' || COALESCE(${
    engine === 'postgres'
      ? `(SELECT string_agg(p.name || ' ' || p.street, ' ' ORDER BY s.position)
          FROM walk_stops s JOIN map_places p ON p.id = s.place_id WHERE s.walk_id = w.id)`
      : `(SELECT group_concat(p.name || ' ' || p.street, ' ')
          FROM walk_stops s JOIN map_places p ON p.id = s.place_id WHERE s.walk_id = w.id)`
  }, '')`,
  sortTime: 'w.created_at',
  columns: ['title', 'site_key', 'published'],
  related: [
    {
      name: 'search_walk_stops_ins',
      table: 'walk_stops',
      event: 'INSERT',
      where: 'w.id = NEW.walk_id',
    },
  ],
});

const WALK_TRIGGERS = [
  'search_walks_ins',
  'search_walks_upd',
  'search_walks_del',
  'search_walk_stops_ins',
];

/** The definitions of `names` as the engine keeps them (trigger and, on PostgreSQL, function). */
async function triggerDefinitions(db: Kysely<Database>, engine: Engine, names: string[]) {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
      WHERE type = 'trigger' AND name IN (${sql.join(names)}) ORDER BY name`.execute(db);
    return rows.map((row) => folded(row.sql));
  }
  const { rows } = await sql<{ name: string; trigger: string; body: string }>`
    SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS trigger, p.prosrc AS body
    FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE t.tgname IN (${sql.join(names)})
      AND p.pronamespace = current_schema()::regnamespace
    ORDER BY t.tgname`.execute(db);
  return rows.map((row) => `${row.trigger} ${folded(row.body)}`);
}

async function dropTriggers(db: Kysely<Database>, engine: Engine, triggers: [string, string][]) {
  for (const [name, table] of triggers) {
    if (engine === 'sqlite') {
      await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    } else {
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${name}_fn()`).execute(db);
    }
  }
}

const latest = (engine: Engine) => Object.keys(migrationsFor(engine)).at(-1) as string;

describe('the search trigger helper (search-triggers.ts)', () => {
  it('writes the documents of the places, live and articles migrations', () => {
    const places: SearchSource = {
      kind: 'place',
      name: 'places',
      table: 'map_places',
      alias: 'p',
      title: 'p.name',
      text: `p.name || ' ' || p.kind || ' ' || p.street || ' ' || p.address`,
      sortTime: 'p.created_at',
      columns: [],
    };
    const live: SearchSource = {
      ...places,
      kind: 'live',
      table: 'live_sessions',
      alias: 'l',
      joins: 'JOIN live_channels ch ON ch.id = l.channel_id',
      title: 'l.title',
      text: `l.title || ' ' || l.speaker || ' ' || l.speaker_title || ' ' || ch.name`,
      sortTime: 'l.starts_at',
    };
    const articles: SearchSource = {
      ...places,
      kind: 'article',
      table: 'articles',
      alias: 'a',
      joins: 'JOIN article_channels ch ON ch.id = a.channel_id',
      title: 'a.title',
      text: `a.title || ' ' || a.summary || ' ' || a.source || ' ' || ch.name`,
      sortTime: 'a.published_at',
    };
    expect(folded(searchDocs(places, 'p.id = NEW.id'))).toBe(folded(placeDocs('p.id = NEW.id')));
    expect(folded(searchDocs(live, 'true'))).toBe(folded(liveDocs('true')));
    expect(folded(searchDocs(articles, 'a.channel_id = NEW.id'))).toBe(
      folded(articleDocs('a.channel_id = NEW.id')),
    );
  });

  for (const engine of testEngines()) {
    it(`installs the very triggers the walks migration wrote [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (db, migrateTo) => {
        await migrateTo(latest(engine));
        const written = await triggerDefinitions(db, engine, WALK_TRIGGERS);
        expect(written).toHaveLength(4);

        const triggers = searchTriggers(walks(engine));
        expect(triggers.map(([name]) => name).sort()).toEqual([...WALK_TRIGGERS].sort());
        await dropTriggers(
          db,
          engine,
          triggers.map(([name, table]) => [name, table]),
        );
        await createSourceTriggers(db as unknown as Kysely<unknown>, engine, triggers);
        expect(await triggerDefinitions(db, engine, WALK_TRIGGERS)).toEqual(written);
      });
    });

    it(`keeps a new kind's documents and both text indexes in step [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (db, migrateTo) => {
        await migrateTo(latest(engine));
        // Migrations (and their helpers) take the database untyped.
        const raw = db as unknown as Kysely<unknown>;
        // A document of an existing kind, there before the kinds are widened.
        await db
          .insertInto('search_documents')
          .values({
            kind: 'ebook',
            ref_id: 1,
            site_key: 'jingan',
            title: '古文观止',
            search_text: '古文观止 吴楚材',
            published: 1,
            popularity: 0,
            sort_time: 0,
          })
          .execute();
        await sql`CREATE TABLE scratch_authors (id integer PRIMARY KEY, name varchar(50) NOT NULL)`.execute(
          db,
        );
        await sql`CREATE TABLE scratch_notes (id integer PRIMARY KEY, site_key varchar(32) NOT NULL,
          author_id integer NOT NULL, title varchar(200) NOT NULL, likes integer NOT NULL,
          published integer NOT NULL, created_at bigint NOT NULL)`.execute(db);

        await allowSearchKinds(raw, engine, [...KINDS, 'note']);
        await sql`INSERT INTO scratch_authors (id, name) VALUES (1, '王羲之')`.execute(db);
        await sql`INSERT INTO scratch_notes VALUES (1, 'jingan', 1, '兰亭集序临摹', 3, 1, 100)`.execute(
          db,
        );
        await indexSearchSource(raw, engine, {
          kind: 'note',
          name: 'scratch_notes',
          table: 'scratch_notes',
          alias: 'n',
          joins: 'JOIN scratch_authors au ON au.id = n.author_id',
          title: 'n.title',
          text: `n.title || ' ' || au.name`,
          sortTime: 'n.created_at',
          columns: ['title', 'author_id', 'site_key', 'published', 'created_at'],
          popularity: { expression: 'n.likes', column: 'likes' },
          related: [
            {
              name: 'search_scratch_authors_upd',
              table: 'scratch_authors',
              event: 'UPDATE OF name',
              where: 'n.author_id = NEW.id',
            },
          ],
        });

        const found = (q: string) =>
          countMatches(db, engine, { siteKey: 'jingan', q, type: 'all' });
        const document = async () =>
          (
            await sql<{ title: string; search_text: string; popularity: number }>`
              SELECT title, search_text, popularity FROM search_documents WHERE kind = 'note'`.execute(
              db,
            )
          ).rows[0];

        // The row already there was indexed, and the kept document is still found.
        expect(await found('兰亭集序')).toBe(1);
        expect(await found('古文')).toBe(1);
        expect(await found('吴楚材')).toBe(1);

        await sql`INSERT INTO scratch_notes VALUES (2, 'jingan', 1, '快雪时晴帖', 0, 1, 200)`.execute(
          db,
        );
        expect(await found('快雪')).toBe(1);
        expect(await found('王羲之')).toBe(2);

        await sql`UPDATE scratch_notes SET title = '丧乱帖' WHERE id = 1`.execute(db);
        expect(await found('兰亭集序')).toBe(0);
        expect(await found('丧乱')).toBe(1);

        await sql`UPDATE scratch_notes SET likes = 9 WHERE id = 1`.execute(db);
        await sql`DELETE FROM scratch_notes WHERE id = 2`.execute(db);
        expect(await document()).toMatchObject({ title: '丧乱帖', search_text: '丧乱帖 王羲之' });
        expect(Number((await document())?.popularity)).toBe(9);

        await sql`UPDATE scratch_authors SET name = '王献之' WHERE id = 1`.execute(db);
        expect(await found('王羲之')).toBe(0);
        expect(await found('王献之')).toBe(1);

        await sql`UPDATE scratch_notes SET published = 0 WHERE id = 1`.execute(db);
        expect(await found('丧乱')).toBe(0);
        await sql`DELETE FROM scratch_notes WHERE id = 1`.execute(db);
        expect(await document()).toBeUndefined();
        expect(await found('古文')).toBe(1);
      });
    });
  }
});
