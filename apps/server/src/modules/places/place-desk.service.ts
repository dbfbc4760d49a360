import type {
  AdminPlaceForm,
  AdminPlaceListQuery,
  AdminPlaceParent,
  AdminPlaceParentsQuery,
  AdminPlaceRow,
  Page,
} from '@portal/contract';
import { PLACE_BRANCH_KIND, placeAreaProblem } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { invalid } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import { photoList, storedHours } from '../bases/place-hours.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';

/** A map_places row of the site with its review columns and its author's nickname. */
type PlaceRow = ReviewedRow<'map_places'>;

/**
 * Where a draft without its position is kept: the columns are required, and no place of a site
 * lies at (0, 0) in the Gulf of Guinea (the form refuses a position so far from the district).
 */
const NO_POSITION = { lat: 0, lng: 0 } as const;

/** Whether a stored position is a real one (not {@link NO_POSITION}). */
const located = (lat: number | string, lng: number | string) =>
  !(Number(lat) === NO_POSITION.lat && Number(lng) === NO_POSITION.lng);

/** The place's form as stored: its position null while it has none, its JSON columns read. */
function formOfPlace(row: PlaceRow): AdminPlaceForm {
  const has = located(row.lat, row.lng);
  return {
    category: row.category,
    kind: row.kind,
    parentId: row.parent_id,
    name: row.name,
    street: row.street,
    address: row.address,
    lat: has ? Number(row.lat) : null,
    lng: has ? Number(row.lng) : null,
    phone: row.phone,
    hours: storedHours(row.hours),
    introductionHtml: row.intro,
    cover: row.cover,
    photos: photoList(row.photos),
  };
}

/**
 * The form as it will be stored, or 400 naming the field: a branch's school is a school of the
 * site (not a branch itself), another kind keeps no school; the position lies in the site's
 * district; the introduction is sanitized; a photo is kept once.
 */
async function checkPlace(
  db: Kysely<Database>,
  siteKey: string,
  form: AdminPlaceForm,
): Promise<AdminPlaceForm> {
  let parentId: number | null = null;
  if (form.kind === PLACE_BRANCH_KIND && form.parentId !== null) {
    const parent = await db
      .selectFrom('map_places')
      .select(['id', 'category', 'kind'])
      .where('id', '=', form.parentId)
      .where('site_key', '=', siteKey)
      .executeTakeFirst();
    if (!parent) throw invalid('所属学校：本站地图上没有这所学校');
    if (parent.category !== 'school' || parent.kind === PLACE_BRANCH_KIND) {
      throw invalid('所属学校：须是本站的学校（不能是分校或其他场所）');
    }
    parentId = parent.id;
  }
  if (form.lat !== null && form.lng !== null) {
    const problem = placeAreaProblem(siteKey, { lat: form.lat, lng: form.lng });
    if (problem) throw invalid(`位置：${problem}`);
  }
  return {
    ...form,
    parentId,
    introductionHtml: sanitizeArticleHtml(form.introductionHtml),
    photos: [...new Set(form.photos)],
  };
}

/**
 * Refuses a form that does not fit the place as it stands: a branch of itself, or a school that
 * has branches becoming another kind (its branches would name no school).
 */
async function fitsPlace(db: Kysely<Database>, row: PlaceRow, form: AdminPlaceForm) {
  if (form.parentId === row.id) throw invalid('所属学校：不能是这个场所自己');
  if (form.category === 'school' && form.kind !== PLACE_BRANCH_KIND) return;
  const branch = await db
    .selectFrom('map_places')
    .select('id')
    .where('parent_id', '=', row.id)
    .limit(1)
    .executeTakeFirst();
  if (branch) throw invalid('场所类型：还有分校属于这所学校，不能改为分校或其他类型');
}

/** The columns a form writes onto a place (the review columns aside). */
function columnsOf(form: AdminPlaceForm) {
  return {
    category: form.category,
    kind: form.kind,
    parent_id: form.parentId,
    name: form.name,
    street: form.street,
    address: form.address,
    lat: form.lat ?? NO_POSITION.lat,
    lng: form.lng ?? NO_POSITION.lng,
    phone: form.phone,
    hours: JSON.stringify(form.hours),
    intro: form.introductionHtml,
    cover: form.cover,
    photos: JSON.stringify(form.photos),
  };
}

/** Why a place may not be published yet (the map marks it, the list shows its address), or null. */
function unpublishable(form: AdminPlaceForm): string | null {
  if (form.address.trim() === '') return '地图场所还没有地址，不能发布';
  if (form.lat === null || form.lng === null) return '地图场所还没有位置（经纬度），不能发布';
  return null;
}

/** The places of the map as the review desk handles them. */
const placeKind: DeskKind<AdminPlaceForm, PlaceRow> = {
  entity: 'place',
  table: 'map_places',
  titleColumn: 'name',
  name: '地图场所',
  formOf: async (_db, row) => formOfPlace(row),
  check: checkPlace,
  fits: fitsPlace,
  async insert(trx, operator, form, now) {
    const { id } = await trx
      .insertInto('map_places')
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
    await trx.updateTable('map_places').set(columnsOf(form)).where('id', '=', row.id).execute();
  },
  title: (form) => form.name,
  publishable: unpublishable,
};

/**
 * The places of a site's learning map as its operators write and review them (the review is
 * the {@link ReviewDesk}'s): the console's list and the schools a branch may belong to.
 * Learners see a place once it is published (`published = 1`, as the map, its indexes and
 * search read it); publishing, taking down and an approved edit move the site's content
 * version, which the map's marker and near indexes are kept by.
 */
export class PlaceDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminPlaceForm, PlaceRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, placeKind, audit, publicCache, now);
  }

  private filtered(siteKey: string, query: AdminPlaceListQuery) {
    let builder = this.db
      .selectFrom('map_places as r')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'r.id').on('e.entity', '=', 'place'),
      )
      .where('r.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query, { title: 'name' }));
    if (query.category !== undefined) builder = builder.where('r.category', '=', query.category);
    return builder;
  }

  /** The site's places, newest change first. */
  async list(siteKey: string, query: AdminPlaceListQuery): Promise<Page<AdminPlaceRow>> {
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .leftJoin('users as u', 'u.id', 'r.author_id')
            .select([
              'r.id',
              'r.name as title',
              'r.category',
              'r.kind',
              'r.street',
              'r.address',
              'r.lat',
              'r.lng',
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
          const edited = row.edit_data ? (JSON.parse(row.edit_data) as AdminPlaceForm) : null;
          // What the operator last wrote: the waiting edit's name, kind and place, if any.
          return {
            id: row.id,
            ...listedReview({ ...row, edit_data: null }),
            title: edited?.name ?? row.title,
            category: edited?.category ?? row.category,
            kind: edited?.kind ?? row.kind,
            street: edited?.street ?? row.street,
            address: edited?.address ?? row.address,
            located: edited ? edited.lat !== null : located(row.lat, row.lng),
          };
        }),
    );
  }

  /**
   * Up to 20 of the site's schools a branch may belong to (schools that are not branches
   * themselves, never the place being edited), whose name has the words; the chosen one first.
   */
  async schools(siteKey: string, query: AdminPlaceParentsQuery): Promise<AdminPlaceParent[]> {
    let base = this.db
      .selectFrom('map_places')
      .select(['id', 'name', 'kind', 'address'])
      .where('site_key', '=', siteKey)
      .where('category', '=', 'school')
      .where('kind', '!=', PLACE_BRANCH_KIND);
    if (query.exclude !== undefined) base = base.where('id', '!=', query.exclude);
    const [first, matches] = await Promise.all([
      query.id === undefined ? [] : base.where('id', '=', query.id).execute(),
      (query.q ? base.where(matchesPattern(this.engine, 'name', containsPattern(query.q))) : base)
        .orderBy('name')
        .orderBy('id')
        .limit(20)
        .execute(),
    ]);
    return [...first, ...matches.filter((row) => row.id !== query.id)];
  }
}
