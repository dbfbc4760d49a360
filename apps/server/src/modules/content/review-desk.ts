import { type AdminBulkResult, ErrorCode } from '@portal/contract';
import {
  type AuditAction,
  type AuditEntity,
  type ReviewStatus,
  SCHEDULE_DAYS_MAX,
} from '@portal/contract/constants';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PublishScheduleTable, ReviewColumns } from '../../db/schema.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { isoTime } from '../../platform/time.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';

/** A change made against a version someone else has changed since (HTTP 200, code 409). */
export const staleVersion = () => new AppError(ErrorCode.conflict, '已被他人修改，请刷新后再改');

const DAY = 86_400_000;

const notWaiting = () => new AppError(ErrorCode.conflict, '没有待审核的内容，请刷新后查看');
const ownChange = () => forbidden('不能审核自己提交的内容，请由另一位审核员审核');
/** A ticked record a bulk action leaves as it is, and why. */
const skip = (reason: string) => new AppError(ErrorCode.conflict, reason);

/** The tables reviewed before publication (their review columns: `addReviewColumns`). */
export type ReviewTable = {
  [T in keyof Database]: Database[T] extends Omit<ReviewColumns, 'updated_at'> ? T : never;
}[keyof Database];

/**
 * Raises a record's version from `version` (the one the operator saw) and stamps the change:
 * false when another change came first (the row is then left as it is).
 */
async function claimVersion(
  db: Kysely<Database>,
  table: ReviewTable,
  id: number,
  version: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A record of a reviewed table as stored, with its author's nickname. */
export type ReviewedRow<T extends ReviewTable> = Selectable<Database[T]> & ReviewRow;

/**
 * The record `id` of `table` on the site, with its author's nickname; undefined if not the site's.
 * A table whose records are named by another column than `title` (a place's `name`) answers it
 * as `title` too.
 */
export function findReviewed<T extends ReviewTable>(
  db: Kysely<Database>,
  table: T,
  siteKey: string,
  id: number,
  titleColumn = 'title',
): Promise<ReviewedRow<T> | undefined> {
  return db
    .selectFrom(`${table} as r` as 'courses as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .selectAll('r')
    .select('u.nickname as author_name')
    .$if(titleColumn !== 'title', (query) =>
      query.select(sql.ref<string>(`r.${titleColumn}`).as('title')),
    )
    .where('r.site_key', '=', siteKey)
    .where('r.id', '=', id)
    .executeTakeFirst() as Promise<ReviewedRow<T> | undefined>;
}

/** The review columns every reviewed table has (`20261130_0900_create_operators`). */
export interface ReviewRow {
  id: number;
  /** The line the audit log shows for it. */
  title: string;
  site_key: string;
  status: ReviewStatus;
  version: number;
  author_id: number | null;
  submitted_by: number | null;
  review_note: string | null;
  updated_at: number;
  published_at: number | null;
  /** The author's nickname. */
  author_name: string | null;
}

/** The waiting edit of a published record (`content_edits`). */
export interface EditRow {
  id: number;
  data: string;
  status: 'draft' | 'pending' | 'rejected';
  author_id: number | null;
  submitted_by: number | null;
  note: string | null;
  updated_at: number;
  author_name: string | null;
}

/** What the review state of a row may be set to, beside its version and time. */
export interface ReviewPatch {
  status?: ReviewStatus;
  published?: number;
  published_at?: number;
  submitted_by?: number | null;
  review_note?: string | null;
}

/**
 * One kind of reviewed content (articles, courses...): where its rows are, what its form is,
 * and how a form is checked and written. {@link ReviewDesk} runs the review around it.
 */
export interface DeskKind<Form, Row extends ReviewRow> {
  entity: AuditEntity;
  table: ReviewTable;
  /** The column naming a record (the audit log's line, the review inbox's title); `title` unless said. */
  titleColumn?: string;
  /** Its Chinese name in messages (`文章不存在`). */
  name: string;
  /** The form of the record as stored (its children included). */
  formOf: (db: Kysely<Database>, row: Row) => Promise<Form>;
  /** The form as it will be stored (cleaned, sanitized), or 400 naming the field. */
  check: (db: Kysely<Database>, siteKey: string, form: Form) => Promise<Form>;
  /** Stores a new 草稿 of the form; answers its id. */
  insert: (trx: Kysely<Database>, operator: Operator, form: Form, now: number) => Promise<number>;
  /** Writes a form onto the record (its children included). */
  write: (trx: Kysely<Database>, row: Row, form: Form) => Promise<void>;
  /** The line the audit log shows for a new one. */
  title: (form: Form) => string;
  /**
   * Refuses a form that may not be published (e.g. a chapter without lessons), as a 409; `db`
   * reads what the form points at (a banner's course must be published itself).
   */
  publishable?: (
    form: Form,
    db: Kysely<Database>,
    siteKey: string,
  ) => string | null | Promise<string | null>;
  /**
   * Refuses (400, naming the field) a form that does not fit the record as it stands now, e.g.
   * fewer seats than learners hold: checked when it is saved and again when it is approved.
   */
  fits?: (db: Kysely<Database>, row: Row, form: Form) => Promise<void>;
  /**
   * What the console's detail shows of the record beside its form (e.g. seats taken), read
   * from `db` when it is more than the row holds (e.g. the check-ins at a walk's stops).
   */
  extra?: (row: Row, db: Kysely<Database>, edited?: Form) => object | Promise<object>;
  /** Runs when the record is first published (notify learners...). */
  onPublished?: (trx: Kysely<Database>, row: Row, form: Form, now: number) => Promise<void>;
}

/** What the console's detail of a reviewed record adds to its form. */
export interface Reviewed<Form> {
  id: number;
  status: ReviewStatus;
  version: number;
  authorId: number | null;
  authorName: string | null;
  submittedBy: number | null;
  note: string | null;
  updatedAt: string;
  publishedAt: string | null;
  edit: {
    status: EditRow['status'];
    authorId: number | null;
    authorName: string | null;
    note: string | null;
    updatedAt: string;
  } | null;
  live: Form | null;
  schedule: { publishAt: string; reviewerName: string } | null;
}

interface Done {
  action: AuditAction;
  before: unknown;
  after: unknown;
  retire?: boolean;
}

/** A record as a console list reads it: its review columns and its waiting edit's. */
export interface ListedRow {
  title: string;
  status: ReviewStatus;
  version: number;
  author_name: string | null;
  updated_at: number;
  published_at: number | null;
  edit_status: EditRow['status'] | null;
  edit_data: string | null;
}

/** The review fields of a record in a console list: the title is its waiting edit's, if any. */
export function listedReview(row: ListedRow) {
  const edited = row.edit_data ? (JSON.parse(row.edit_data) as { title?: string }) : null;
  const shown = row.status === 'published' || row.status === 'offline';
  return {
    title: edited?.title ?? row.title,
    status: row.status,
    editStatus: row.edit_status ?? null,
    version: Number(row.version),
    authorName: row.author_name ?? null,
    updatedAt: isoTime(row.updated_at),
    publishedAt: shown && row.published_at !== null ? isoTime(row.published_at) : null,
  };
}

/** Whether the row holds reviewed content (published once): its edits wait beside it. */
export const reviewed = (row: ReviewRow) => row.status === 'published' || row.status === 'offline';

/** The waiting edit of a record of `entity`, with its author's nickname. */
export function findEdit(db: Kysely<Database>, entity: AuditEntity, id: number) {
  return db
    .selectFrom('content_edits as e')
    .leftJoin('users as u', 'u.id', 'e.author_id')
    .select([
      'e.id',
      'e.data',
      'e.status',
      'e.author_id',
      'e.submitted_by',
      'e.note',
      'e.updated_at',
      'u.nickname as author_name',
    ])
    .where('e.entity', '=', entity)
    .where('e.entity_id', '=', id)
    .executeTakeFirst();
}

/** The scheduled publication of a record of `entity`, with its reviewer's nickname. */
function findSchedule(db: Kysely<Database>, entity: AuditEntity, id: number) {
  return db
    .selectFrom('publish_schedule as s')
    .leftJoin('users as u', 'u.id', 's.reviewer_id')
    .select(['s.id', 's.publish_at', 's.reviewer_id', 'u.nickname as reviewer_name'])
    .where('s.entity', '=', entity)
    .where('s.entity_id', '=', id)
    .executeTakeFirst();
}

/** A due scheduled publication, as the job reads it. */
export type ScheduleEntry = Pick<
  Selectable<PublishScheduleTable>,
  'id' | 'site_key' | 'entity' | 'entity_id' | 'publish_at' | 'reviewer_id'
>;

/** The reviewer of a schedule as the operator the job acts as (the audit log names them). */
async function scheduleActor(db: Kysely<Database>, entry: ScheduleEntry): Promise<Operator> {
  const reviewer = await db
    .selectFrom('users')
    .select('nickname')
    .where('id', '=', entry.reviewer_id)
    .executeTakeFirst();
  return {
    userId: entry.reviewer_id,
    nickname: reviewer?.nickname ?? '审核员',
    siteKey: entry.site_key,
    roles: new Set(['reviewer']),
    superAdmin: false,
    ip: '定时发布',
  };
}

/**
 * Review before publication (先审后发) for one kind of content: an editor's new record is a
 * 草稿 until submitted (待审核); a reviewer who did not submit it publishes it (已发布) or
 * refuses it with a reason (已驳回, back to 草稿 on the next save); a published record is taken
 * down (已下线) and put up again. An edit of a published record waits beside the live version,
 * which learners keep seeing until a reviewer approves it. Every change names the version it was
 * made against (an older one answers 409 and writes nothing) and is written to the audit log in
 * its own transaction; publishing and taking down retire the visitors' kept answers at once.
 */
export class ReviewDesk<Form, Row extends ReviewRow> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DeskKind<Form, Row>,
    private readonly audit: AuditLog,
    private readonly publicCache: PublicCache,
    private readonly now: () => number = Date.now,
  ) {}

  /** The record of the site, with its review columns; undefined when it is not the site's. */
  private find(db: Kysely<Database>, siteKey: string, id: number): Promise<Row | undefined> {
    return findReviewed(db, this.kind.table, siteKey, id, this.kind.titleColumn) as Promise<
      Row | undefined
    >;
  }

  /** Sets review columns of a record. */
  private async setState(trx: Kysely<Database>, id: number, patch: ReviewPatch) {
    await trx
      .updateTable(this.kind.table as 'courses')
      .set(patch)
      .where('id', '=', id)
      .execute();
  }

  /** The kind's entity and table (the review queue lists them). */
  get entity(): AuditEntity {
    return this.kind.entity;
  }
  get table(): ReviewTable {
    return this.kind.table;
  }
  /** The column that names a record of the kind (`title`, a place's `name`). */
  get titleColumn(): string {
    return this.kind.titleColumn ?? 'title';
  }

  /** The line naming a record whose form (a waiting edit's, as stored) is `form`. */
  titleOf(form: unknown): string {
    return this.kind.title(form as Form);
  }

  /** The form of a record of the site with its review state (its waiting edit's form, if any). */
  async detail(siteKey: string, id: number): Promise<Form & Reviewed<Form>> {
    const row = await this.find(this.db, siteKey, id);
    if (!row) throw notFound(this.kind.name);
    const edit = await findEdit(this.db, this.kind.entity, id);
    const [live, schedule, extra] = await Promise.all([
      this.kind.formOf(this.db, row),
      findSchedule(this.db, this.kind.entity, id),
      this.kind.extra?.(row, this.db, edit ? (JSON.parse(edit.data) as Form) : undefined),
    ]);
    const shown = edit ? (JSON.parse(edit.data) as Form) : live;
    return {
      ...shown,
      ...extra,
      id: row.id,
      status: row.status,
      version: Number(row.version),
      authorId: row.author_id,
      authorName: row.author_name ?? null,
      submittedBy: edit ? edit.submitted_by : row.submitted_by,
      note: edit ? edit.note : row.review_note,
      updatedAt: isoTime(row.updated_at),
      publishedAt: reviewed(row) && row.published_at !== null ? isoTime(row.published_at) : null,
      edit: edit
        ? {
            status: edit.status,
            authorId: edit.author_id,
            authorName: edit.author_name ?? null,
            note: edit.note,
            updatedAt: isoTime(edit.updated_at),
          }
        : null,
      live: edit ? live : null,
      schedule: schedule
        ? {
            publishAt: isoTime(schedule.publish_at),
            reviewerName: schedule.reviewer_name ?? '审核员',
          }
        : null,
    };
  }

  /** A new 草稿 by the editor. */
  async create(operator: Operator, form: Form): Promise<Form & Reviewed<Form>> {
    const clean = await this.kind.check(this.db, operator.siteKey, form);
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await this.kind.insert(trx, operator, clean, this.now());
      await this.audit.record(trx, operator, {
        action: 'create',
        entity: this.kind.entity,
        entityId: created,
        summary: this.kind.title(clean),
        before: null,
        after: { ...clean, status: 'draft' },
      });
      return created;
    });
    return this.detail(operator.siteKey, id);
  }

  /**
   * Runs one change of a record in a transaction: the record must be the site's and still at
   * `version` (else 409, nothing written); the change gets the row and its waiting edit, and
   * answers what the audit log records.
   */
  private async change(
    operator: Operator,
    id: number,
    version: number,
    apply: (
      trx: Kysely<Database>,
      row: Row,
      edit: EditRow | undefined,
      now: number,
    ) => Promise<Done>,
  ): Promise<Form & Reviewed<Form>> {
    const now = this.now();
    const retire = await this.db.transaction().execute(async (trx) => {
      const row = await this.find(trx, operator.siteKey, id);
      if (!row) throw notFound(this.kind.name);
      if (Number(row.version) !== version) throw staleVersion();
      return this.changeIn(trx, operator, row, now, apply);
    });
    // Published or taken down: the phone sees it on its next call.
    if (retire) await this.publicCache.invalidate(operator.siteKey);
    return this.detail(operator.siteKey, id);
  }

  /**
   * The change of {@link change} on a row read in `trx`: claims its version, applies, logs. Any
   * change but a schedule's own voids a scheduled publication (what was decided on changed).
   */
  private async changeIn(
    trx: Kysely<Database>,
    operator: Operator,
    row: Row,
    now: number,
    apply: (
      trx: Kysely<Database>,
      row: Row,
      edit: EditRow | undefined,
      now: number,
    ) => Promise<Done>,
  ): Promise<boolean> {
    const { entity, table } = this.kind;
    if (!(await claimVersion(trx, table, row.id, Number(row.version), now))) throw staleVersion();
    const edit = await findEdit(trx, entity, row.id);
    const done = await apply(trx, row, edit, now);
    if (done.action !== 'schedule') {
      await trx
        .deleteFrom('publish_schedule')
        .where('entity', '=', entity)
        .where('entity_id', '=', row.id)
        .execute();
    }
    await this.audit.record(trx, operator, {
      action: done.action,
      entity,
      entityId: row.id,
      summary: row.title,
      before: done.before,
      after: done.after,
    });
    return done.retire === true;
  }

  private async saveEdit(
    trx: Kysely<Database>,
    operator: Operator,
    id: number,
    form: Form,
    now: number,
  ) {
    await trx
      .insertInto('content_edits')
      .values({
        site_key: operator.siteKey,
        entity: this.kind.entity,
        entity_id: id,
        data: JSON.stringify(form),
        status: 'draft',
        author_id: operator.userId,
        submitted_by: null,
        note: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['entity', 'entity_id']).doUpdateSet({
          data: JSON.stringify(form),
          status: 'draft',
          author_id: operator.userId,
          submitted_by: null,
          note: null,
          updated_at: now,
        }),
      )
      .execute();
  }

  /**
   * Saves the editor's form: a 草稿 (待审核 and 已驳回 become 草稿 again) is changed in place; a
   * published or taken-down record keeps its reviewed version, and the form waits beside it.
   */
  async update(
    operator: Operator,
    id: number,
    version: number,
    form: Form,
  ): Promise<Form & Reviewed<Form>> {
    const clean = await this.kind.check(this.db, operator.siteKey, form);
    return this.change(operator, id, version, async (trx, row, edit, now) => {
      await this.kind.fits?.(trx, row, clean);
      const before = edit ? (JSON.parse(edit.data) as Form) : await this.kind.formOf(trx, row);
      if (reviewed(row)) {
        await this.saveEdit(trx, operator, id, clean, now);
        return { action: 'update', before, after: clean };
      }
      await this.kind.write(trx, row, clean);
      await this.setState(trx, id, { status: 'draft', submitted_by: null });
      return { action: 'update', before, after: { ...clean, status: 'draft' } };
    });
  }

  /** Sends a 草稿 (or a published record's edit) for review. */
  async submit(operator: Operator, id: number, version: number) {
    return this.change(operator, id, version, async (trx, row, edit, now) => {
      if (reviewed(row)) {
        if (!edit || edit.status === 'pending') {
          throw new AppError(ErrorCode.conflict, edit ? '修改已在审核中' : '没有待提交的修改');
        }
        await this.setEdit(
          trx,
          edit.id,
          { status: 'pending', submitted_by: operator.userId, note: null },
          now,
        );
        return { action: 'submit', before: { edit: edit.status }, after: { edit: 'pending' } };
      }
      if (row.status === 'pending') throw new AppError(ErrorCode.conflict, '已在审核中');
      await this.setState(trx, id, {
        status: 'pending',
        submitted_by: operator.userId,
        review_note: null,
      });
      return { action: 'submit', before: { status: row.status }, after: { status: 'pending' } };
    });
  }

  private async setEdit(
    trx: Kysely<Database>,
    editId: number,
    patch: { status: EditRow['status']; submitted_by?: number | null; note?: string | null },
    now: number,
  ) {
    await trx
      .updateTable('content_edits')
      .set({ ...patch, updated_at: now })
      .where('id', '=', editId)
      .execute();
  }

  /** Takes a submission back to 草稿 before it is reviewed. */
  async withdraw(operator: Operator, id: number, version: number) {
    return this.change(operator, id, version, async (trx, row, edit, now) => {
      if (edit?.status === 'pending') {
        await this.setEdit(trx, edit.id, { status: 'draft', submitted_by: null }, now);
        return { action: 'withdraw', before: { edit: 'pending' }, after: { edit: 'draft' } };
      }
      if (row.status !== 'pending') throw notWaiting();
      await this.setState(trx, id, { status: 'draft', submitted_by: null });
      return { action: 'withdraw', before: { status: 'pending' }, after: { status: 'draft' } };
    });
  }

  /**
   * Approves what waits: a new record is published (the kind's first-publication step runs);
   * a published record's edit replaces the live version. The reviewer must not be the one who
   * submitted it.
   */
  async approve(operator: Operator, id: number, version: number) {
    return this.change(operator, id, version, (trx, row, edit, now) =>
      this.approveIn(trx, operator, row, edit, now),
    );
  }

  private async refuseUnpublishable(form: Form, db: Kysely<Database>, siteKey: string) {
    const problem = (await this.kind.publishable?.(form, db, siteKey)) ?? null;
    if (problem) throw new AppError(ErrorCode.conflict, problem);
  }

  private async approveIn(
    trx: Kysely<Database>,
    operator: Operator,
    row: Row,
    edit: EditRow | undefined,
    now: number,
  ): Promise<Done> {
    if (edit?.status === 'pending') {
      if (edit.submitted_by === operator.userId) throw ownChange();
      const form = await this.kind.check(trx, operator.siteKey, JSON.parse(edit.data) as Form);
      await this.kind.fits?.(trx, row, form);
      await this.refuseUnpublishable(form, trx, row.site_key);
      const before = await this.kind.formOf(trx, row);
      await this.kind.write(trx, row, form);
      await this.setState(trx, row.id, { review_note: null });
      await trx.deleteFrom('content_edits').where('id', '=', edit.id).execute();
      return { action: 'approve', before, after: form, retire: row.status === 'published' };
    }
    if (row.status !== 'pending') throw notWaiting();
    if (row.submitted_by === operator.userId) throw ownChange();
    const form = await this.kind.formOf(trx, row);
    await this.refuseUnpublishable(form, trx, row.site_key);
    await this.setState(trx, row.id, {
      status: 'published',
      published: 1,
      published_at: now,
      review_note: null,
    });
    await this.kind.onPublished?.(trx, row, form, now);
    return {
      action: 'approve',
      before: { status: 'pending' },
      after: { status: 'published' },
      retire: true,
    };
  }

  /**
   * Schedules what waits for review to be published at `publishAt` (定时发布): checked now as an
   * approval would be (something waits, not the reviewer's own, publishable); the due-time job
   * approves it then in the reviewer's name. Any later change of the record voids the schedule.
   */
  async schedule(operator: Operator, id: number, version: number, publishAt: number) {
    const now = this.now();
    if (publishAt < now + 60_000) throw invalid('发布时间：须晚于现在');
    if (publishAt > now + SCHEDULE_DAYS_MAX * DAY) {
      throw invalid(`发布时间：最多定在 ${SCHEDULE_DAYS_MAX} 天之内`);
    }
    return this.change(operator, id, version, async (trx, row, edit) => {
      let form: Form;
      if (edit?.status === 'pending') {
        if (edit.submitted_by === operator.userId) throw ownChange();
        form = await this.kind.check(trx, operator.siteKey, JSON.parse(edit.data) as Form);
        await this.kind.fits?.(trx, row, form);
      } else {
        if (row.status !== 'pending') throw notWaiting();
        if (row.submitted_by === operator.userId) throw ownChange();
        form = await this.kind.formOf(trx, row);
      }
      await this.refuseUnpublishable(form, trx, row.site_key);
      const values = { publish_at: publishAt, reviewer_id: operator.userId, created_at: now };
      await trx
        .insertInto('publish_schedule')
        .values({
          ...values,
          site_key: operator.siteKey,
          entity: this.kind.entity,
          entity_id: row.id,
        })
        .onConflict((oc) => oc.columns(['entity', 'entity_id']).doUpdateSet(values))
        .execute();
      return { action: 'schedule', before: null, after: { publishAt: isoTime(publishAt) } };
    });
  }

  /** Cancels a scheduled publication; the record waits for review as before. */
  async unschedule(operator: Operator, id: number, version: number) {
    return this.change(operator, id, version, async (trx, row) => {
      const schedule = await findSchedule(trx, this.kind.entity, row.id);
      if (!schedule) throw new AppError(ErrorCode.conflict, '没有定时发布，请刷新后查看');
      await trx.deleteFrom('publish_schedule').where('id', '=', schedule.id).execute();
      return {
        action: 'unschedule',
        before: { publishAt: isoTime(schedule.publish_at) },
        after: null,
      };
    });
  }

  /**
   * Publishes a record whose scheduled time has come, as its reviewer approving it: the schedule
   * row is deleted in the same transaction, so of several instances running the job one
   * publishes and the others find it gone (`taken`). A record that can no longer be published
   * (its rules refuse it now) keeps waiting for review; the schedule is dropped and logged.
   */
  async publishScheduled(entry: ScheduleEntry): Promise<'published' | 'taken' | 'dropped'> {
    const now = this.now();
    const actor = await scheduleActor(this.db, entry);
    try {
      const retire = await this.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .deleteFrom('publish_schedule')
          .where('id', '=', entry.id)
          .executeTakeFirst();
        if (Number(claimed.numDeletedRows) !== 1) return null;
        const row = await this.find(trx, entry.site_key, entry.entity_id);
        if (!row) return false;
        return this.changeIn(trx, actor, row, now, (inner, current, edit) =>
          this.approveIn(inner, actor, current, edit, now),
        );
      });
      if (retire === null) return 'taken';
      if (retire) await this.publicCache.invalidate(entry.site_key);
      return 'published';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.db.transaction().execute(async (trx) => {
        const dropped = await trx
          .deleteFrom('publish_schedule')
          .where('id', '=', entry.id)
          .executeTakeFirst();
        if (Number(dropped.numDeletedRows) !== 1) return;
        await this.audit.record(trx, actor, {
          action: 'unschedule',
          entity: this.kind.entity,
          entityId: entry.entity_id,
          summary: `定时发布未执行：${error.message}`,
          before: { publishAt: isoTime(entry.publish_at) },
          after: { reason: error.message },
        });
      });
      return 'dropped';
    }
  }

  /** Refuses what waits, with the reason the editor reads. */
  async reject(operator: Operator, id: number, version: number, reason: string) {
    return this.change(operator, id, version, async (trx, row, edit, now) => {
      if (edit?.status === 'pending') {
        await this.setEdit(trx, edit.id, { status: 'rejected', note: reason }, now);
        return {
          action: 'reject',
          before: { edit: 'pending' },
          after: { edit: 'rejected', reason },
        };
      }
      if (row.status !== 'pending') throw notWaiting();
      await this.setState(trx, id, { status: 'rejected', review_note: reason });
      return {
        action: 'reject',
        before: { status: 'pending' },
        after: { status: 'rejected', reason },
      };
    });
  }

  /**
   * Publishes each ticked record that may be: one waiting for review (as by {@link approve},
   * never one the reviewer submitted) or one taken down; the others are skipped with why.
   */
  async publish(operator: Operator, ids: readonly number[]): Promise<AdminBulkResult> {
    return this.bulk(operator, ids, async (trx, row, edit, now) => {
      if (row.status === 'offline') {
        await this.setState(trx, row.id, { status: 'published', published: 1 });
        return {
          action: 'publish',
          before: { status: 'offline' },
          after: { status: 'published' },
          retire: true,
        };
      }
      if (row.status === 'published' && edit?.status !== 'pending') throw skip('已发布');
      if (row.status === 'draft' || row.status === 'rejected') throw skip('尚未提交审核');
      return this.approveIn(trx, operator, row, edit, now);
    });
  }

  /** Takes each ticked published record down (learners no longer see it). */
  async takeDown(operator: Operator, ids: readonly number[]): Promise<AdminBulkResult> {
    return this.bulk(operator, ids, async (trx, row) => {
      if (row.status !== 'published') throw skip('未发布');
      await this.setState(trx, row.id, { status: 'offline', published: 0 });
      return {
        action: 'take_down',
        before: { status: 'published' },
        after: { status: 'offline' },
        retire: true,
      };
    });
  }

  /** Runs a change on each record at its current version, one transaction each. */
  private async bulk(
    operator: Operator,
    ids: readonly number[],
    apply: (
      trx: Kysely<Database>,
      row: Row,
      edit: EditRow | undefined,
      now: number,
    ) => Promise<Done>,
  ): Promise<AdminBulkResult> {
    const result: AdminBulkResult = { done: [], skipped: [] };
    for (const id of new Set(ids)) {
      try {
        const row = await this.find(this.db, operator.siteKey, id);
        if (!row) throw skip(`${this.kind.name}不存在`);
        await this.change(operator, id, Number(row.version), apply);
        result.done.push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        result.skipped.push({ id, reason: error.message });
      }
    }
    return result;
  }
}
