import {
  ARTICLE_KIND_NAMES,
  type ArticleKind,
  type ContentCard,
  type ContentType,
  formatDistance,
} from '@portal/contract';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { publishedOn } from './published.ts';

export type Card = Omit<ContentCard, 'contentType' | 'contentId'>;

/** The tables content is kept in: each has `id`, `site_key`, `published` (0/1) and `cover`. */
type ContentTable =
  | 'courses'
  | 'classes'
  | 'activities'
  | 'ebooks'
  | 'live_sessions'
  | 'articles'
  | 'map_places'
  | 'walks';

/**
 * One kind of content as data: the table its rows are in, the column of its card's title, the
 * tables its card line reads (each joined on `<table>.id = <content row>.<foreign key>`), the
 * columns of that line (name → `table.column`) and how the line reads. The content row is
 * visible on a site when it is of the site and published ({@link publishedOn}).
 */
export interface ContentKind<Line extends Record<string, unknown> = Record<string, unknown>> {
  table: ContentTable;
  /** The column of the title; `title` unless said. */
  titleColumn?: string;
  /** Joined tables, by the content row's foreign key: `{ teacher_id: 'teachers' }`. */
  joins?: Readonly<Record<string, string>>;
  /** The columns of the line under the title, by the name `subtitle` reads them as. */
  line: { readonly [K in keyof Line]: string };
  subtitle(line: Line): string;
}

/** A registry row, its `subtitle` reading the columns named in its `line` as `Line`. */
const kind = <Line extends Record<string, unknown>>(row: ContentKind<Line>): ContentKind => row;

/**
 * The content registry: one row per content type of the contract's `CONTENT_TYPES`, used by
 * favourites, history, search and team resources. A new area plugs into all of them by adding
 * its row here.
 */
export const contentKinds: Readonly<Record<ContentType, ContentKind>> = {
  course: kind<{ teacher: string; category: string }>({
    table: 'courses',
    joins: { teacher_id: 'teachers', category_id: 'course_categories' },
    line: { teacher: 'teachers.name', category: 'course_categories.name' },
    subtitle: (line) => `${line.teacher} · ${line.category}`,
  }),
  class: kind<{ term: string; place: string }>({
    table: 'classes',
    line: { term: 'classes.term', place: 'classes.place' },
    subtitle: (line) => `${line.term} · ${line.place}`,
  }),
  activity: kind<{ kind: string; place: string }>({
    table: 'activities',
    line: { kind: 'activities.kind', place: 'activities.place' },
    subtitle: (line) => `${line.kind} · ${line.place}`,
  }),
  ebook: kind<{ author: string; publisher: string }>({
    table: 'ebooks',
    line: { author: 'ebooks.author', publisher: 'ebooks.publisher' },
    subtitle: (line) => `${line.author} · ${line.publisher}`,
  }),
  /** A live session: its speaker and channel under the title. */
  live: kind<{ speaker: string; channel: string }>({
    table: 'live_sessions',
    joins: { channel_id: 'live_channels' },
    line: { speaker: 'live_sessions.speaker', channel: 'live_channels.name' },
    subtitle: (line) => `${line.speaker} · ${line.channel}`,
  }),
  /**
   * An article: its kind's name and channel (`公告 · 学院公告`), or for news, whose kind the
   * card's tag already names, its channel and source; many have no cover.
   */
  article: kind<{ kind: ArticleKind; source: string; channel: string }>({
    table: 'articles',
    joins: { channel_id: 'article_channels' },
    line: { kind: 'articles.kind', source: 'articles.source', channel: 'article_channels.name' },
    subtitle: (line) =>
      line.kind === 'news'
        ? `${line.channel} · ${line.source}`
        : `${ARTICLE_KIND_NAMES[line.kind]} · ${line.channel}`,
  }),
  /** A place of the learning map: its kind and street (`社区学校 · 南京西路街道`). */
  place: kind<{ kind: string; street: string }>({
    table: 'map_places',
    titleColumn: 'name',
    line: { kind: 'map_places.kind', street: 'map_places.street' },
    subtitle: (line) => `${line.kind} · ${line.street}`,
  }),
  /** A humanities walk: its distance and duration under the title. */
  walk: kind<{ distance: number; minutes: number }>({
    table: 'walks',
    line: { distance: 'walks.distance_m', minutes: 'walks.duration_minutes' },
    subtitle: (line) =>
      `人文行走 · 全程${formatDistance(Number(line.distance))} · 约${line.minutes}分钟`,
  }),
};

/** The content types of the registry, in its order. */
export const CONTENT_KIND_TYPES = Object.keys(contentKinds) as ContentType[];

/**
 * SQL that is true when the content of `type` with id `contentId` exists, is published and
 * belongs to the site: the one rule deciding what may be added and what the lists show.
 */
export function contentVisible(
  type: ContentType,
  siteKey: string,
  contentId: Expression<number>,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from ${sql.table(contentKinds[type].table)} as content_row
      where content_row.id = ${contentId} and ${publishedOn(siteKey, 'content_row')})`;
}

/** The list rows of the visible contents of `type` among `ids`, by id (hidden ones left out). */
export async function contentCards(
  db: Kysely<Database>,
  type: ContentType,
  siteKey: string,
  ids: readonly number[],
): Promise<Map<number, Card>> {
  if (ids.length === 0) return new Map();
  const { table, titleColumn = 'title', joins = {}, line, subtitle } = contentKinds[type];
  const lineColumns = Object.entries(line).map(
    ([name, column]) => sql`, ${sql.ref(column)} as ${sql.id(name)}`,
  );
  const joined = Object.entries(joins).map(
    ([key, other]) =>
      sql` inner join ${sql.table(other)} on ${sql.ref(`${other}.id`)} = ${sql.ref(`${table}.${key}`)}`,
  );
  const { rows } = await sql<
    Record<string, unknown> & { id: number; title: string; cover: string | null }
  >`
    select ${sql.ref(`${table}.id`)} as id, ${sql.ref(`${table}.${titleColumn}`)} as title,
      ${sql.ref(`${table}.cover`)} as cover${sql.join(lineColumns, sql``)}
    from ${sql.table(table)}${sql.join(joined, sql``)}
    where ${sql.ref(`${table}.id`)} in (${sql.join(ids)}) and ${publishedOn(siteKey, table)}`.execute(
    db,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { title: row.title, cover: row.cover, subtitle: subtitle(row) },
    ]),
  );
}

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
            await contentCards(
              db,
              type,
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
