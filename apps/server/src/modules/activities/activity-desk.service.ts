import type {
  AdminActivityChoices,
  AdminActivityForm,
  AdminActivityListQuery,
  AdminActivityRow,
  AdminPlaceOption,
  Page,
} from '@portal/contract';
import { classStatusAt } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { invalid } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import type { SideEffects } from '../../platform/side-effects.ts';
import { isoTime } from '../../platform/time.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';
import { parseFormFields } from '../seats/seats.ts';
import { fillFromLine } from '../seats/signup-review.ts';
import { ACTIVITY_REVIEW } from './activities.service.ts';

/** A activities row of the site with its review columns and its author's nickname. */
type ActivityRow = ReviewedRow<'activities'>;

const ms = (time: string) => Date.parse(time);

/** The activity's form as stored. */
function formOfActivity(row: ActivityRow): AdminActivityForm {
  return {
    kind: row.kind,
    organiserId: row.organiser_id,
    title: row.title,
    cover: row.cover,
    place: row.place,
    mapPlaceId: row.map_place_id,
    contact: row.contact,
    capacity: Number(row.capacity),
    reviewSignups: Number(row.review_signups) === 1,
    signupStart: isoTime(row.signup_start),
    signupEnd: isoTime(row.signup_end),
    startAt: isoTime(row.start_at),
    endAt: isoTime(row.end_at),
    descriptionHtml: row.description,
    formFields: parseFormFields(row.form_fields),
    attachments: row.attachment_rule ? JSON.parse(row.attachment_rule) : null,
  };
}

/** The form as it will be stored: the site's organiser and map place, sanitized HTML. */
async function checkActivity(
  db: Kysely<Database>,
  siteKey: string,
  form: AdminActivityForm,
): Promise<AdminActivityForm> {
  const [organiser, place] = await Promise.all([
    db
      .selectFrom('organisers')
      .select('id')
      .where('id', '=', form.organiserId)
      .where('site_key', '=', siteKey)
      .executeTakeFirst(),
    form.mapPlaceId === null
      ? null
      : db
          .selectFrom('map_places')
          .select('id')
          .where('id', '=', form.mapPlaceId)
          .where('site_key', '=', siteKey)
          .executeTakeFirst(),
  ]);
  if (!organiser) throw invalid('主办方：本站没有这个主办方');
  if (place === undefined) throw invalid('地图地点：本站地图上没有这个地点');
  return { ...form, descriptionHtml: sanitizeArticleHtml(form.descriptionHtml) };
}

/** The columns a form writes. */
function columnsOf(form: AdminActivityForm) {
  return {
    kind: form.kind,
    organiser_id: form.organiserId,
    title: form.title,
    cover: form.cover,
    place: form.place,
    map_place_id: form.mapPlaceId,
    contact: form.contact,
    capacity: form.capacity,
    review_signups: form.reviewSignups ? 1 : 0,
    signup_start: ms(form.signupStart),
    signup_end: ms(form.signupEnd),
    start_at: ms(form.startAt),
    end_at: ms(form.endAt),
    description: form.descriptionHtml,
    form_fields: JSON.stringify(form.formFields),
    attachment_rule: form.attachments ? JSON.stringify(form.attachments) : null,
  };
}

/**
 * Activities as the review desk handles them; a change that gives an activity more seats fills
 * them from its waiting list at once (`effects` tells each learner, at `now`).
 */
const activityKindOf = (
  effects: SideEffects,
  now: () => number,
): DeskKind<AdminActivityForm, ActivityRow> => ({
  entity: 'activity',
  table: 'activities',
  name: '活动',
  formOf: async (_db, row) => formOfActivity(row),
  check: checkActivity,
  async insert(trx, operator, form, now) {
    const { id } = await trx
      .insertInto('activities')
      .values({
        ...columnsOf(form),
        site_key: operator.siteKey,
        published: 0,
        created_at: now,
        status: 'draft',
        author_id: operator.userId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  async write(trx, row, form) {
    await trx.updateTable('activities').set(columnsOf(form)).where('id', '=', row.id).execute();
    await fillFromLine(trx, effects, ACTIVITY_REVIEW, row.site_key, row.id, now());
  },
  // Learners hold seats: never fewer seats than they hold (read in the change's transaction).
  async fits(_db, row, form) {
    const taken = Number(row.seats_taken);
    if (form.capacity < taken) throw invalid(`名额：已有 ${taken} 人报名，名额不能少于 ${taken}`);
  },
  extra: (row) => ({ seatsTaken: Number(row.seats_taken) }),
  title: (form) => form.title,
  // Learners decide on what the page tells them: no activity without it.
  publishable: (form) =>
    form.descriptionHtml.replace(/<[^>]*>/g, '').trim() === '' &&
    !/<img\b/i.test(form.descriptionHtml)
      ? '活动介绍还没有内容，不能发布'
      : null,
});

/**
 * The activities of a site as its operators write and review them (the review is the
 * {@link ReviewDesk}'s): the console's list, the organisers and map places to choose from.
 */
export class ActivityDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminActivityForm, ActivityRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    effects: SideEffects,
    private readonly now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, activityKindOf(effects, now), audit, publicCache, now);
  }

  async choices(siteKey: string): Promise<AdminActivityChoices> {
    const organisers = await this.db
      .selectFrom('organisers')
      .select(['id', 'name'])
      .where('site_key', '=', siteKey)
      .orderBy('name')
      .execute();
    return { organisers };
  }

  /** Up to 20 of the site's map places whose name has the words (the chosen one first). */
  async places(siteKey: string, q: string, chosen?: number): Promise<AdminPlaceOption[]> {
    const base = this.db
      .selectFrom('map_places')
      .select(['id', 'name', 'address'])
      .where('site_key', '=', siteKey);
    const [first, matches] = await Promise.all([
      chosen === undefined ? [] : base.where('id', '=', chosen).execute(),
      (q ? base.where(matchesPattern(this.engine, 'name', containsPattern(q))) : base)
        .orderBy('name')
        .orderBy('id')
        .limit(20)
        .execute(),
    ]);
    return [...first, ...matches.filter((row) => row.id !== chosen)];
  }

  private filtered(siteKey: string, query: AdminActivityListQuery) {
    let builder = this.db
      .selectFrom('activities as a')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'a.id').on('e.entity', '=', 'activity'),
      )
      .where('a.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query, { alias: 'a' }));
    if (query.kind !== undefined) builder = builder.where('a.kind', '=', query.kind);
    if (query.organiserId !== undefined)
      builder = builder.where('a.organiser_id', '=', query.organiserId);
    return builder;
  }

  /** The site's activities, newest change first. */
  async list(siteKey: string, query: AdminActivityListQuery): Promise<Page<AdminActivityRow>> {
    const now = this.now();
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .innerJoin('organisers as o', 'o.id', 'a.organiser_id')
            .leftJoin('users as u', 'u.id', 'a.author_id')
            .select([
              'a.id',
              'a.title',
              'a.kind',
              'o.name as organiser_name',
              'a.capacity',
              'a.seats_taken',
              'a.signup_start',
              'a.signup_end',
              'a.start_at',
              'a.end_at',
              'a.status',
              'a.version',
              'u.nickname as author_name',
              'a.updated_at',
              'a.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
            ])
            .orderBy('a.updated_at', 'desc')
            .orderBy('a.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => ({
          ...listedReview(row),
          id: row.id,
          kind: row.kind,
          organiserName: row.organiser_name,
          startAt: isoTime(row.start_at),
          phase: classStatusAt(
            {
              signupStart: Number(row.signup_start),
              signupEnd: Number(row.signup_end),
              startAt: Number(row.start_at),
              endAt: Number(row.end_at),
              capacity: Number(row.capacity),
              seatsTaken: Number(row.seats_taken),
            },
            now,
          ),
          capacity: Number(row.capacity),
          seatsTaken: Number(row.seats_taken),
        })),
    );
  }
}
