import type {
  AdminDeliveryForm,
  AdminDeliveryListQuery,
  AdminDeliveryRow,
  Page,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';

/** A delivery_resources row of the site with its review columns and its author's nickname. */
type ResourceRow = ReviewedRow<'delivery_resources'>;

/** The strings of a JSON array column (`tags`, `lecturer_topics`); [] when it holds none. */
function storedWords(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The resource's form as stored. A draft without its cover keeps an empty path in the row (the
 * column is required): null here; another kind than a lecturer has no lecturer.
 */
function formOfResource(row: ResourceRow): AdminDeliveryForm {
  const lecturer = row.kind === 'lecturer';
  return {
    kind: row.kind,
    title: row.title,
    introductionHtml: row.intro,
    cover: row.cover === '' ? null : row.cover,
    tags: storedWords(row.tags),
    audienceMin: Number(row.audience_min),
    audienceMax: Number(row.audience_max),
    room: row.room,
    equipment: row.equipment,
    leadDays: Number(row.lead_days),
    lecturerName: lecturer ? (row.lecturer_name ?? '') : '',
    lecturerTitle: lecturer ? (row.lecturer_title ?? '') : '',
    lecturerTopics: lecturer ? storedWords(row.lecturer_topics) : [],
  };
}

/**
 * The form as it will be stored: sanitized HTML, and no lecturer kept for another kind (the
 * contract has checked the rest: the audience range in order, a lecturer's own fields filled).
 */
async function checkResource(
  _db: Kysely<Database>,
  _siteKey: string,
  form: AdminDeliveryForm,
): Promise<AdminDeliveryForm> {
  const lecturer = form.kind === 'lecturer';
  return {
    ...form,
    introductionHtml: sanitizeArticleHtml(form.introductionHtml),
    lecturerName: lecturer ? form.lecturerName : '',
    lecturerTitle: lecturer ? form.lecturerTitle : '',
    lecturerTopics: lecturer ? form.lecturerTopics : [],
  };
}

/** The columns a form writes onto a resource (the review columns aside). */
function columnsOf(form: AdminDeliveryForm) {
  const lecturer = form.kind === 'lecturer';
  return {
    kind: form.kind,
    title: form.title,
    intro: form.introductionHtml,
    cover: form.cover ?? '',
    tags: JSON.stringify(form.tags),
    audience_min: form.audienceMin,
    audience_max: form.audienceMax,
    room: form.room,
    equipment: form.equipment,
    lead_days: form.leadDays,
    lecturer_name: lecturer ? form.lecturerName : null,
    lecturer_title: lecturer ? form.lecturerTitle : null,
    lecturer_topics: JSON.stringify(lecturer ? form.lecturerTopics : []),
  };
}

/** Whether sanitized HTML shows nothing to read (no text, no picture). */
const blankHtml = (html: string) =>
  !/<img\b/i.test(html) &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/** Why a resource may not be published yet (the catalogue shows its cover and introduction), or null. */
function unpublishable(form: AdminDeliveryForm): string | null {
  if (form.cover === null) return '配送资源还没有封面，不能发布';
  if (blankHtml(form.introductionHtml)) return '配送资源还没有介绍，不能发布';
  return null;
}

/** Deliverable resources as the review desk handles them. */
const deliveryKind: DeskKind<AdminDeliveryForm, ResourceRow> = {
  entity: 'delivery',
  table: 'delivery_resources',
  name: '配送资源',
  formOf: async (_db, row) => formOfResource(row),
  check: checkResource,
  async insert(trx, operator, form, now) {
    const { id } = await trx
      .insertInto('delivery_resources')
      .values({
        ...columnsOf(form),
        site_key: operator.siteKey,
        published: 0,
        created_at: now,
        published_at: null,
        status: 'draft',
        author_id: operator.userId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  async write(trx, row, form) {
    await trx
      .updateTable('delivery_resources')
      .set(columnsOf(form))
      .where('id', '=', row.id)
      .execute();
  },
  title: (form) => form.title,
  publishable: unpublishable,
};

/**
 * The delivery catalogue of a site as its operators write and review it (the review is the
 * {@link ReviewDesk}'s): the console's list. Learners see a resource once it is published
 * (`published = 1`, as the catalogue reads it).
 */
export class DeliveryDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminDeliveryForm, ResourceRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, deliveryKind, audit, publicCache, now);
  }

  private filtered(siteKey: string, query: AdminDeliveryListQuery) {
    let builder = this.db
      .selectFrom('delivery_resources as r')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'r.id').on('e.entity', '=', 'delivery'),
      )
      .where('r.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query));
    if (query.kind !== undefined) builder = builder.where('r.kind', '=', query.kind);
    return builder;
  }

  /** The site's resources, newest change first. */
  async list(siteKey: string, query: AdminDeliveryListQuery): Promise<Page<AdminDeliveryRow>> {
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .leftJoin('users as u', 'u.id', 'r.author_id')
            .select([
              'r.id',
              'r.title',
              'r.kind',
              'r.audience_min',
              'r.audience_max',
              'r.lead_days',
              'r.status',
              'r.version',
              'u.nickname as author_name',
              'r.updated_at',
              'r.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
            ])
            .orderBy('r.updated_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => {
          const edited = row.edit_data ? (JSON.parse(row.edit_data) as AdminDeliveryForm) : null;
          // What the operator last wrote: the waiting edit's kind and numbers, if any.
          return {
            ...listedReview(row),
            id: row.id,
            kind: edited?.kind ?? row.kind,
            audienceMin: edited?.audienceMin ?? Number(row.audience_min),
            audienceMax: edited?.audienceMax ?? Number(row.audience_max),
            leadDays: edited?.leadDays ?? Number(row.lead_days),
          };
        }),
    );
  }
}
