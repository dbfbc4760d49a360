import {
  ARTICLE_KIND_NAMES,
  type ContentCard,
  type ContentType,
  formatDistance,
} from '@portal/contract';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { publishedOn } from './published.ts';

/** What the favourites and history need of one kind of content. */
export interface ContentKind {
  /**
   * SQL that is true when the content with id `contentId` exists, is published and belongs to
   * the site: the one rule deciding what may be added and what the lists show.
   */
  visible(
    db: Kysely<Database>,
    siteKey: string,
    contentId: Expression<number>,
  ): RawBuilder<SqlBool>;
  /** The list rows of the visible contents among `ids`, by id (hidden ones are left out). */
  cards(db: Kysely<Database>, siteKey: string, ids: readonly number[]): Promise<Map<number, Card>>;
}

export type Card = Omit<ContentCard, 'contentType' | 'contentId'>;

/**
 * The `visible` rule of content kept in `table`: a row with that id, of the site, published.
 * Every content table has `id`, `site_key` and `published` (0/1).
 */
const visibleIn =
  (
    table:
      | 'courses'
      | 'classes'
      | 'activities'
      | 'ebooks'
      | 'live_sessions'
      | 'articles'
      | 'map_places'
      | 'walks',
  ): ContentKind['visible'] =>
  (_db, siteKey, contentId) =>
    sql<SqlBool>`exists (select 1 from ${sql.table(table)} as content_row
      where content_row.id = ${contentId} and ${publishedOn(siteKey, 'content_row')})`;

const course: ContentKind = {
  visible: visibleIn('courses'),
  async cards(db, siteKey, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('courses as c')
      .innerJoin('teachers as t', 't.id', 'c.teacher_id')
      .innerJoin('course_categories as cat', 'cat.id', 'c.category_id')
      .select(['c.id', 'c.title', 'c.cover', 't.name as teacherName', 'cat.name as categoryName'])
      .where('c.id', 'in', ids)
      .where(publishedOn(siteKey, 'c'))
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.title,
          cover: row.cover,
          subtitle: `${row.teacherName} · ${row.categoryName}`,
        },
      ]),
    );
  },
};

/**
 * The `cards` of content kept in `table` whose line under the title is two of its columns,
 * e.g. `term · place`: the visible rows among `ids`, by id.
 */
function cardsFrom<T extends 'classes' | 'activities' | 'ebooks'>(
  table: T,
  line: readonly [keyof Database[T] & string, keyof Database[T] & string],
): ContentKind['cards'] {
  return async (db, siteKey, ids) => {
    if (ids.length === 0) return new Map();
    const { rows } = await sql<{ id: number; title: string; cover: string; a: string; b: string }>`
      select id, title, cover, ${sql.ref(line[0])} as a, ${sql.ref(line[1])} as b
      from ${sql.table(table)}
      where id in (${sql.join(ids)}) and ${publishedOn(siteKey, table)}`.execute(db);
    return new Map(
      rows.map((row) => [
        Number(row.id),
        { title: row.title, cover: row.cover, subtitle: `${row.a} · ${row.b}` },
      ]),
    );
  };
}

const klass: ContentKind = {
  visible: visibleIn('classes'),
  cards: cardsFrom('classes', ['term', 'place']),
};

const activity: ContentKind = {
  visible: visibleIn('activities'),
  cards: cardsFrom('activities', ['kind', 'place']),
};

const ebook: ContentKind = {
  visible: visibleIn('ebooks'),
  cards: cardsFrom('ebooks', ['author', 'publisher']),
};

/** A live session: its speaker and channel under the title. */
const live: ContentKind = {
  visible: visibleIn('live_sessions'),
  async cards(db, siteKey, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('live_sessions as l')
      .innerJoin('live_channels as ch', 'ch.id', 'l.channel_id')
      .select(['l.id', 'l.title', 'l.cover', 'l.speaker', 'ch.name as channelName'])
      .where('l.id', 'in', ids)
      .where(publishedOn(siteKey, 'l'))
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        { title: row.title, cover: row.cover, subtitle: `${row.speaker} · ${row.channelName}` },
      ]),
    );
  },
};

/**
 * An article: its kind's name and channel (`公告 · 学院公告`), or for news, whose kind the card's
 * tag already names, its channel and source; many have no cover.
 */
const article: ContentKind = {
  visible: visibleIn('articles'),
  async cards(db, siteKey, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('articles as a')
      .innerJoin('article_channels as ch', 'ch.id', 'a.channel_id')
      .select(['a.id', 'a.title', 'a.cover', 'a.kind', 'a.source', 'ch.name as channelName'])
      .where('a.id', 'in', ids)
      .where(publishedOn(siteKey, 'a'))
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.title,
          cover: row.cover,
          subtitle:
            row.kind === 'news'
              ? `${row.channelName} · ${row.source}`
              : `${ARTICLE_KIND_NAMES[row.kind]} · ${row.channelName}`,
        },
      ]),
    );
  },
};

/** A humanities walk: its distance and duration under the title. */
const walk: ContentKind = {
  visible: visibleIn('walks'),
  async cards(db, siteKey, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('walks as w')
      .select(['w.id', 'w.title', 'w.cover', 'w.distance_m', 'w.duration_minutes'])
      .where('w.id', 'in', ids)
      .where(publishedOn(siteKey, 'w'))
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.title,
          cover: row.cover,
          subtitle: `人文行走 · 全程${formatDistance(Number(row.distance_m))} · 约${row.duration_minutes}分钟`,
        },
      ]),
    );
  },
};

/** A place of the learning map: its kind and street (`社区学校 · 南京西路街道`). */
const place: ContentKind = {
  visible: visibleIn('map_places'),
  async cards(db, siteKey, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('map_places as p')
      .select(['p.id', 'p.name', 'p.cover', 'p.kind', 'p.street'])
      .where('p.id', 'in', ids)
      .where(publishedOn(siteKey, 'p'))
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        { title: row.name, cover: row.cover, subtitle: `${row.kind} · ${row.street}` },
      ]),
    );
  },
};

/**
 * The content registry: one entry per content type of the contract's `CONTENT_TYPES`, used by
 * favourites, history and search. A new area plugs into all three by adding its entry here.
 */
export const contentKinds: Record<ContentType, ContentKind> = {
  course,
  class: klass,
  activity,
  ebook,
  live,
  article,
  place,
  walk,
};

/**
 * `rows` with the card of the content each names (`refOf` answers its type and id), in their
 * order, leaving out rows whose content is not visible (any more): one query per content type.
 */
export async function withCards<T>(
  db: Kysely<Database>,
  siteKey: string,
  rows: readonly T[],
  refOf: (row: T) => readonly [ContentType, number],
): Promise<Array<{ row: T; card: Card }>> {
  const refs = rows.map((row) => ({ row, type: refOf(row)[0], id: refOf(row)[1] }));
  const types = [...new Set(refs.map((ref) => ref.type))];
  const cards = new Map(
    await Promise.all(
      types.map(
        async (type) =>
          [
            type,
            await contentKinds[type].cards(
              db,
              siteKey,
              refs.filter((ref) => ref.type === type).map((ref) => ref.id),
            ),
          ] as const,
      ),
    ),
  );
  return refs.flatMap(({ row, type, id }) => {
    const card = cards.get(type)?.get(id);
    return card ? [{ row, card }] : [];
  });
}
