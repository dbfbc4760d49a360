import type {
  AdminTopicContent,
  AdminTopicContentQuery,
  AdminTopicForm,
  AdminTopicListQuery,
  AdminTopicRow,
  Page,
} from '@portal/contract';
import { TOPIC_SECTION_KIND_NAMES, TOPIC_SECTION_TYPES } from '@portal/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { invalid } from '../../platform/errors.ts';
import { cleanIntroduction } from '../../platform/plain-text.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { contentCards, contentKinds } from '../content/content-kinds.ts';
import { publishedOn } from '../content/published.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { TopicContentType } from './topics.queries.ts';

/** How many matches the section's content search answers. */
const CONTENT_MATCHES = 20;

/** A topics row of the site with its review columns and its author's nickname. */
type TopicRow = ReviewedRow<'topics'>;

/** The topic's form as stored: its row, its sections in order, each with its items in order. */
async function formOfTopic(db: Kysely<Database>, row: TopicRow): Promise<AdminTopicForm> {
  const [sections, items] = await Promise.all([
    db
      .selectFrom('topic_sections')
      .select(['id', 'kind', 'title', 'item_limit'])
      .where('topic_id', '=', row.id)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('topic_items')
      .select(['content_type', 'content_id'])
      .where('topic_id', '=', row.id)
      .orderBy('sort')
      .orderBy('content_id')
      .execute(),
  ]);
  return {
    title: row.title,
    slug: row.slug,
    subtitle: row.subtitle,
    banner: row.banner,
    introduction: row.introduction,
    sort: Number(row.sort),
    sections: sections.map((section) => ({
      id: section.id,
      kind: section.kind,
      name: section.title,
      itemLimit: Number(section.item_limit),
      items: items
        .filter((item) => item.content_type === TOPIC_SECTION_TYPES[section.kind])
        .map((item) => ({ contentType: item.content_type, contentId: Number(item.content_id) })),
    })),
  };
}

/** The ids among `ids` of content of `type` that the site shows (published there). */
async function visibleIds(
  db: Kysely<Database>,
  siteKey: string,
  type: TopicContentType,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { table } = contentKinds[type];
  const { rows } = await sql<{ id: number }>`
    select ${sql.ref(`${table}.id`)} as id from ${sql.table(table)}
    where ${sql.ref(`${table}.id`)} in (${sql.join(ids)}) and ${publishedOn(siteKey, table)}`.execute(
    db,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** A line of text without control characters (which neither engine's text should hold). */
function stripControls(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped
  return text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/** A required line without control characters, or 400 naming the field when nothing is left. */
function requiredLine(text: string, label: string): string {
  const clean = stripControls(text);
  if (clean === '') throw invalid(`${label}：不能为空`);
  return clean;
}

/**
 * The form as it will be stored (plain text without control characters), every item content the
 * site shows now (published, of this site), so what a reviewer approves is what learners will
 * see. The form's schema has already refused repeats, items of another type than their
 * section's and limits out of range.
 */
async function checkTopic(
  db: Kysely<Database>,
  siteKey: string,
  form: AdminTopicForm,
): Promise<AdminTopicForm> {
  for (const section of form.sections) {
    const type = TOPIC_SECTION_TYPES[section.kind];
    const ids = section.items.map((item) => item.contentId);
    const shown = await visibleIds(db, siteKey, type, ids);
    const missing = ids.findIndex((id) => !shown.has(id));
    if (missing >= 0) {
      throw invalid(
        `栏目内容：“${section.name}”的第 ${missing + 1} 项不是本站已发布的${TOPIC_SECTION_KIND_NAMES[section.kind]}，请重新选择`,
      );
    }
  }
  return {
    ...form,
    title: requiredLine(form.title, '专题名称'),
    subtitle: stripControls(form.subtitle),
    introduction: cleanIntroduction(form.introduction),
    sections: form.sections.map((section) => ({
      ...section,
      name: requiredLine(section.name, '栏目名称'),
    })),
  };
}

/** Refuses an address another topic of the site has (400 naming the field, before the key does). */
async function refuseTakenSlug(
  db: Kysely<Database>,
  siteKey: string,
  slug: string,
  ownId: number | null,
) {
  const taken = await db
    .selectFrom('topics')
    .select('id')
    .where('site_key', '=', siteKey)
    .where('slug', '=', slug)
    .$if(ownId !== null, (query) => query.where('id', '<>', ownId ?? 0))
    .executeTakeFirst();
  if (taken) throw invalid(`专题地址：本站已有地址为 ${slug} 的专题`);
}

/** Why a topic may not be published yet, or null. */
function unpublishable(form: AdminTopicForm): string | null {
  if (!form.sections.some((section) => section.items.length > 0)) {
    return '专题至少要有一个栏目选了内容，才能发布';
  }
  return null;
}

/**
 * Writes a form onto a topic: its row, and its sections matched by id (a kept section keeps its
 * id) with their items in order; the sections left out are removed, and so are the items of a
 * type no section shows any more or no longer chosen in their section.
 */
async function writeTopic(trx: Kysely<Database>, topicId: number, form: AdminTopicForm) {
  await trx
    .updateTable('topics')
    .set({
      title: form.title,
      slug: form.slug,
      subtitle: form.subtitle,
      banner: form.banner,
      introduction: form.introduction,
      sort: form.sort,
    })
    .where('id', '=', topicId)
    .execute();
  const [ownSections, ownItems] = await Promise.all([
    trx.selectFrom('topic_sections').select('id').where('topic_id', '=', topicId).execute(),
    trx
      .selectFrom('topic_items')
      .select(['content_type', 'content_id'])
      .where('topic_id', '=', topicId)
      .execute(),
  ]);
  const sectionIds = new Set(ownSections.map((row) => row.id));
  const kept = new Set<number>();
  for (const [sort, section] of form.sections.entries()) {
    const values = {
      kind: section.kind,
      title: section.name,
      item_limit: section.itemLimit,
      sort,
    };
    if (section.id !== undefined) {
      if (!sectionIds.has(section.id)) throw invalid('栏目：不属于这个专题，请刷新后再改');
      if (kept.has(section.id)) throw invalid('栏目：同一栏目出现了两次');
      kept.add(section.id);
      await trx.updateTable('topic_sections').set(values).where('id', '=', section.id).execute();
    } else {
      await trx
        .insertInto('topic_sections')
        .values({ ...values, topic_id: topicId })
        .execute();
    }
  }
  const dropped = [...sectionIds].filter((id) => !kept.has(id));
  if (dropped.length > 0) {
    await trx.deleteFrom('topic_sections').where('id', 'in', dropped).execute();
  }

  // Items: one list per content type (a topic has at most one section of a kind).
  const wanted = new Map<TopicContentType, number[]>(
    form.sections.map((section) => [
      TOPIC_SECTION_TYPES[section.kind],
      section.items.map((item) => item.contentId),
    ]),
  );
  const stored = new Set(ownItems.map((item) => `${item.content_type}:${item.content_id}`));
  for (const item of ownItems) {
    const chosen = wanted.get(item.content_type);
    if (chosen?.includes(Number(item.content_id))) continue;
    await trx
      .deleteFrom('topic_items')
      .where('topic_id', '=', topicId)
      .where('content_type', '=', item.content_type)
      .where('content_id', '=', item.content_id)
      .execute();
  }
  for (const [type, ids] of wanted) {
    for (const [sort, id] of ids.entries()) {
      if (stored.has(`${type}:${id}`)) {
        await trx
          .updateTable('topic_items')
          .set({ sort })
          .where('topic_id', '=', topicId)
          .where('content_type', '=', type)
          .where('content_id', '=', id)
          .execute();
      } else {
        await trx
          .insertInto('topic_items')
          .values({ topic_id: topicId, content_type: type, content_id: id, sort })
          .execute();
      }
    }
  }
}

/** Topics as the review desk handles them. */
const topicKind: DeskKind<AdminTopicForm, TopicRow> = {
  entity: 'topic',
  table: 'topics',
  name: '专题',
  formOf: formOfTopic,
  check: checkTopic,
  async insert(trx, operator, form, now) {
    await refuseTakenSlug(trx, operator.siteKey, form.slug, null);
    const { id } = await trx
      .insertInto('topics')
      .values({
        site_key: operator.siteKey,
        slug: form.slug,
        title: form.title,
        subtitle: form.subtitle,
        banner: form.banner,
        introduction: form.introduction,
        sort: form.sort,
        published: 0,
        created_at: now,
        status: 'draft',
        author_id: operator.userId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTopic(trx, id, form);
    return id;
  },
  write: (trx, row, form) => writeTopic(trx, row.id, form),
  // The address is the site's: checked when saved and again when an edit is approved.
  fits: (db, row, form) => refuseTakenSlug(db, row.site_key, form.slug, row.id),
  title: (form) => form.title,
  publishable: unpublishable,
};

/** The section counts of a form (a waiting edit's, as JSON). */
function countsOf(data: string) {
  const form = JSON.parse(data) as Pick<AdminTopicForm, 'sections'>;
  return {
    sectionCount: form.sections.length,
    itemCount: form.sections.reduce((sum, section) => sum + section.items.length, 0),
  };
}

/**
 * The topics (专题) of a site as its operators write and review them (the review is the
 * {@link ReviewDesk}'s): the console's list, and the content a section may show.
 */
export class TopicDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminTopicForm, TopicRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, topicKind, audit, publicCache, now);
  }

  /**
   * The chosen content of a section's kind (`ids`, in their order, shown as not published when
   * it is no longer), then up to 20 of the site's published ones whose title has the words,
   * newest first: what the section's choice offers, with the line of each card.
   */
  async content(siteKey: string, query: AdminTopicContentQuery): Promise<AdminTopicContent[]> {
    const type = TOPIC_SECTION_TYPES[query.kind];
    const { table, titleColumn = 'title' } = contentKinds[type];
    const chosen = query.ids ?? [];
    const words = query.q
      ? sql`and ${matchesPattern(this.engine, `${table}.${titleColumn}`, containsPattern(query.q))}`
      : sql``;
    const [own, matches] = await Promise.all([
      chosen.length === 0
        ? { rows: [] }
        : sql<{ id: number; title: string; published: number }>`
            select ${sql.ref(`${table}.id`)} as id, ${sql.ref(`${table}.${titleColumn}`)} as title,
              ${sql.ref(`${table}.published`)} as published
            from ${sql.table(table)}
            where ${sql.ref(`${table}.site_key`)} = ${siteKey}
              and ${sql.ref(`${table}.id`)} in (${sql.join(chosen)})`.execute(this.db),
      sql<{ id: number }>`
        select ${sql.ref(`${table}.id`)} as id from ${sql.table(table)}
        where ${publishedOn(siteKey, table)} ${words}
        order by ${sql.ref(`${table}.id`)} desc
        limit ${CONTENT_MATCHES}`.execute(this.db),
    ]);
    const ownById = new Map(own.rows.map((row) => [Number(row.id), row]));
    const ids = [
      ...chosen.filter((id) => ownById.has(id)),
      ...matches.rows.map((row) => Number(row.id)).filter((id) => !ownById.has(id)),
    ];
    const cards = await contentCards(this.db, type, siteKey, ids);
    return ids.map((id) => {
      const card = cards.get(id);
      return card
        ? { id, title: card.title, subtitle: card.subtitle, visible: true }
        : { id, title: ownById.get(id)?.title ?? '', subtitle: '', visible: false };
    });
  }

  private filtered(siteKey: string, query: AdminTopicListQuery) {
    const builder = this.db
      .selectFrom('topics as t')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 't.id').on('e.entity', '=', 'topic'),
      )
      .where('t.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query, { alias: 't' }));
    return builder;
  }

  /** The site's topics, newest change first, with how many sections and items each has. */
  async list(siteKey: string, query: AdminTopicListQuery): Promise<Page<AdminTopicRow>> {
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .leftJoin('users as u', 'u.id', 't.author_id')
            .select((eb) => [
              't.id',
              't.title',
              't.slug',
              't.status',
              't.version',
              'u.nickname as author_name',
              't.updated_at',
              't.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
              eb
                .selectFrom('topic_sections as s')
                .select(eb.fn.countAll<number>().as('n'))
                .whereRef('s.topic_id', '=', 't.id')
                .as('section_count'),
              eb
                .selectFrom('topic_items as i')
                .select(eb.fn.countAll<number>().as('n'))
                .whereRef('i.topic_id', '=', 't.id')
                .as('item_count'),
            ])
            .orderBy('t.updated_at', 'desc')
            .orderBy('t.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => ({
          ...listedReview(row),
          id: row.id,
          slug: row.slug,
          ...(row.edit_data
            ? countsOf(row.edit_data)
            : {
                sectionCount: Number(row.section_count ?? 0),
                itemCount: Number(row.item_count ?? 0),
              }),
        })),
    );
  }
}
