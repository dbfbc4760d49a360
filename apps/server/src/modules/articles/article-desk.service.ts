import {
  type AdminArticle,
  type AdminArticleForm,
  type AdminArticleListQuery,
  type AdminArticleRow,
  type AdminArticleUpdateBody,
  type AdminBulkResult,
  type AdminChannel,
  type AdminRejectBody,
  type AdminVersionBody,
  ErrorCode,
  type Page,
} from '@portal/contract';
import { ARTICLE_KIND_NAMES, type AuditAction } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { isoTime } from '../../platform/time.ts';
import { insertMessage } from '../messages/messages.queries.ts';
import { type AuditLog, dayRange } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';
import {
  type ArticleEditRow,
  claimVersion,
  countDeskRows,
  type DeskArticleRow,
  deleteArticleEdit,
  findArticleEdit,
  findDeskArticle,
  listDeskRows,
  saveArticleEdit,
} from './article-desk.queries.ts';
import { findChannel, listChannelRows } from './articles.queries.ts';
import { articleRow } from './articles.service.ts';

/** A change made against a version someone else has changed since (HTTP 200, code 409). */
export const staleVersion = () => new AppError(ErrorCode.conflict, '已被他人修改，请刷新后再改');

const notWaiting = () => new AppError(ErrorCode.conflict, '没有待审核的内容，请刷新后查看');
const ownChange = () => forbidden('不能审核自己提交的内容，请由另一位审核员审核');

/** The form of a stored row: what the editor sees and the audit log keeps. */
function formOfRow(row: DeskArticleRow): AdminArticleForm {
  return {
    channelId: row.channel_id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    source: row.source,
    bodyHtml: row.body_html,
    pinned: Number(row.pinned) === 1,
    notify: Number(row.notify) === 1,
  };
}

const formOfEdit = (edit: ArticleEditRow) => JSON.parse(edit.data) as AdminArticleForm;

/** Whether the row holds reviewed content (published once): its edits wait beside it. */
const reviewed = (row: DeskArticleRow) => row.status === 'published' || row.status === 'offline';

/**
 * The articles of a site as its operators write and review them (先审后发): an editor's new
 * article is a 草稿 until submitted (待审核); a reviewer who did not submit it publishes
 * (已发布) or refuses it with a reason (已驳回, back to 草稿 on the next save); a published
 * article is taken down (已下线) and put up again. An edit of a published article waits beside
 * the live version, which learners keep seeing until a reviewer approves the edit. Every change
 * names the version it was made against (an older one answers 409) and is written to the audit
 * log in its own transaction.
 */
export class ArticleDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly audit: AuditLog,
    private readonly publicCache: PublicCache,
    private readonly now: () => number = Date.now,
  ) {}

  async channels(siteKey: string): Promise<AdminChannel[]> {
    return (await listChannelRows(this.db, siteKey)).map(({ id, kind, name }) => ({
      id,
      kind,
      name,
    }));
  }

  async list(siteKey: string, query: AdminArticleListQuery): Promise<Page<AdminArticleRow>> {
    const { start, end } = dayRange(query.from, query.to);
    const filter = {
      siteKey,
      status: query.status,
      kind: query.kind,
      channelId: query.channelId,
      authorId: query.authorId,
      q: query.q,
      since: start,
      until: end,
    };
    return readPage(
      query,
      {
        count: () => countDeskRows(this.db, this.engine, filter),
        rows: (window) => listDeskRows(this.db, this.engine, filter, window),
      },
      (rows) =>
        rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          channelId: row.channel_id,
          channelName: row.channel_name,
          title: row.edit_data ? (JSON.parse(row.edit_data) as AdminArticleForm).title : row.title,
          status: row.status,
          editStatus: row.edit_status ?? null,
          pinned: Number(row.pinned) === 1,
          version: Number(row.version),
          authorName: row.author_name ?? null,
          updatedAt: isoTime(row.updated_at),
          publishedAt:
            row.status === 'published' || row.status === 'offline'
              ? isoTime(row.published_at)
              : null,
        })),
    );
  }

  async detail(siteKey: string, id: number, db: Kysely<Database> = this.db): Promise<AdminArticle> {
    const row = await findDeskArticle(db, siteKey, id);
    if (!row) throw notFound('文章');
    const edit = await findArticleEdit(db, id);
    const live = formOfRow(row);
    const shown = edit ? formOfEdit(edit) : live;
    return {
      ...shown,
      id: row.id,
      kind: row.kind,
      status: row.status,
      version: Number(row.version),
      authorId: row.author_id,
      authorName: row.author_name ?? null,
      submittedBy: edit ? edit.submitted_by : row.submitted_by,
      note: edit ? edit.note : row.review_note,
      updatedAt: isoTime(row.updated_at),
      publishedAt: reviewed(row) ? isoTime(row.published_at) : null,
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
    };
  }

  /** The form checked as stored: the channel is the site's, the title plain, the body sanitized. */
  private async checked(siteKey: string, form: AdminArticleForm) {
    const channel = await findChannel(this.db, siteKey, form.channelId);
    if (!channel) throw invalid('栏目：本站没有这个栏目');
    const row = articleRow(siteKey, channel, { ...form, published: false, publishedAt: 0 }, 0);
    const clean: AdminArticleForm = {
      channelId: channel.id,
      title: row.title,
      summary: row.summary,
      cover: row.cover ?? null,
      source: row.source,
      bodyHtml: row.body_html,
      pinned: form.pinned,
      notify: form.notify,
    };
    return { channel, clean };
  }

  /** A new 草稿 by the editor. */
  async create(operator: Operator, form: AdminArticleForm): Promise<AdminArticle> {
    const { channel, clean } = await this.checked(operator.siteKey, form);
    const now = this.now();
    const id = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('articles')
        .values({
          ...articleRow(
            operator.siteKey,
            channel,
            { ...clean, published: false, publishedAt: now },
            now,
          ),
          status: 'draft',
          notify: clean.notify ? 1 : 0,
          author_id: operator.userId,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.audit.record(trx, operator, {
        action: 'create',
        entity: 'article',
        entityId: inserted.id,
        summary: clean.title,
        before: null,
        after: { ...clean, status: 'draft' },
      });
      return inserted.id;
    });
    return this.detail(operator.siteKey, id);
  }

  /**
   * Runs one change of an article in a transaction: the article must be the site's and still at
   * `version` (else 409, nothing written); the change gets the row and its waiting edit, and
   * answers what the audit log records. Visitors' kept answers are retired when `retire` says so.
   */
  private async change(
    operator: Operator,
    id: number,
    version: number,
    apply: (
      trx: Kysely<Database>,
      row: DeskArticleRow,
      edit: ArticleEditRow | undefined,
      now: number,
    ) => Promise<{ action: AuditAction; before: unknown; after: unknown; retire?: boolean }>,
  ): Promise<AdminArticle> {
    const now = this.now();
    const retire = await this.db.transaction().execute(async (trx) => {
      const row = await findDeskArticle(trx, operator.siteKey, id);
      if (!row) throw notFound('文章');
      if (Number(row.version) !== version) throw staleVersion();
      if (!(await claimVersion(trx, id, version, now))) throw staleVersion();
      const edit = await findArticleEdit(trx, id);
      const done = await apply(trx, row, edit, now);
      await this.audit.record(trx, operator, {
        action: done.action,
        entity: 'article',
        entityId: id,
        summary: row.title,
        before: done.before,
        after: done.after,
      });
      return done.retire === true;
    });
    // Published or taken down: the phone sees it on its next call.
    if (retire) await this.publicCache.invalidate(operator.siteKey);
    return this.detail(operator.siteKey, id);
  }

  /**
   * Saves the editor's form: a 草稿 (待审核 and 已驳回 become 草稿 again) is changed in place;
   * a published or taken-down article keeps its reviewed version, and the form waits beside it.
   */
  async update(operator: Operator, body: AdminArticleUpdateBody): Promise<AdminArticle> {
    const { id, version, ...form } = body;
    const { channel, clean } = await this.checked(operator.siteKey, form);
    return this.change(operator, id, version, async (trx, row, edit, now) => {
      const before = edit ? formOfEdit(edit) : formOfRow(row);
      if (reviewed(row)) {
        await saveArticleEdit(trx, {
          siteKey: operator.siteKey,
          id,
          data: JSON.stringify(clean),
          status: 'draft',
          authorId: operator.userId,
          submittedBy: null,
          note: null,
          now,
        });
        return { action: 'update', before, after: clean };
      }
      await trx
        .updateTable('articles')
        .set({
          channel_id: channel.id,
          kind: channel.kind,
          title: clean.title,
          summary: clean.summary,
          cover: clean.cover,
          source: clean.source,
          body_html: clean.bodyHtml,
          pinned: clean.pinned ? 1 : 0,
          notify: clean.notify ? 1 : 0,
          status: 'draft',
          submitted_by: null,
        })
        .where('id', '=', id)
        .execute();
      return { action: 'update', before, after: { ...clean, status: 'draft' } };
    });
  }

  /** Sends a 草稿 (or a published article's edit) for review. */
  async submit(operator: Operator, body: AdminVersionBody): Promise<AdminArticle> {
    return this.change(operator, body.id, body.version, async (trx, row, edit, now) => {
      if (reviewed(row)) {
        if (!edit || edit.status === 'pending') {
          throw new AppError(ErrorCode.conflict, edit ? '修改已在审核中' : '没有待提交的修改');
        }
        await trx
          .updateTable('content_edits')
          .set({ status: 'pending', submitted_by: operator.userId, note: null, updated_at: now })
          .where('id', '=', edit.id)
          .execute();
        return { action: 'submit', before: { edit: edit.status }, after: { edit: 'pending' } };
      }
      if (row.status === 'pending') throw new AppError(ErrorCode.conflict, '已在审核中');
      await trx
        .updateTable('articles')
        .set({ status: 'pending', submitted_by: operator.userId, review_note: null })
        .where('id', '=', row.id)
        .execute();
      return { action: 'submit', before: { status: row.status }, after: { status: 'pending' } };
    });
  }

  /** Takes a submission back to 草稿 before it is reviewed. */
  async withdraw(operator: Operator, body: AdminVersionBody): Promise<AdminArticle> {
    return this.change(operator, body.id, body.version, async (trx, row, edit, now) => {
      if (edit?.status === 'pending') {
        await trx
          .updateTable('content_edits')
          .set({ status: 'draft', submitted_by: null, updated_at: now })
          .where('id', '=', edit.id)
          .execute();
        return { action: 'withdraw', before: { edit: 'pending' }, after: { edit: 'draft' } };
      }
      if (row.status !== 'pending') throw notWaiting();
      await trx
        .updateTable('articles')
        .set({ status: 'draft', submitted_by: null })
        .where('id', '=', row.id)
        .execute();
      return { action: 'withdraw', before: { status: 'pending' }, after: { status: 'draft' } };
    });
  }

  /**
   * Approves what waits: a new article is published (its learners told, once, when it asks);
   * a published article's edit replaces the live version. The reviewer must not be the one who
   * submitted it.
   */
  async approve(operator: Operator, body: AdminVersionBody): Promise<AdminArticle> {
    return this.change(operator, body.id, body.version, (trx, row, edit, now) =>
      this.approveIn(trx, operator, row, edit, now),
    );
  }

  private async approveIn(
    trx: Kysely<Database>,
    operator: Operator,
    row: DeskArticleRow,
    edit: ArticleEditRow | undefined,
    now: number,
  ) {
    if (edit?.status === 'pending') {
      if (edit.submitted_by === operator.userId) throw ownChange();
      const form = formOfEdit(edit);
      const channel = await findChannel(trx, operator.siteKey, form.channelId);
      if (!channel) throw invalid('栏目：本站已没有这个栏目，请编辑后重新提交');
      await trx
        .updateTable('articles')
        .set({
          channel_id: channel.id,
          kind: channel.kind,
          title: form.title,
          summary: form.summary,
          cover: form.cover,
          source: form.source,
          body_html: form.bodyHtml,
          pinned: form.pinned ? 1 : 0,
          review_note: null,
        })
        .where('id', '=', row.id)
        .execute();
      await deleteArticleEdit(trx, row.id);
      return {
        action: 'approve' as const,
        before: formOfRow(row),
        after: form,
        retire: row.status === 'published',
      };
    }
    if (row.status !== 'pending') throw notWaiting();
    if (row.submitted_by === operator.userId) throw ownChange();
    await trx
      .updateTable('articles')
      .set({ status: 'published', published: 1, published_at: now, review_note: null })
      .where('id', '=', row.id)
      .execute();
    if (Number(row.notify) === 1) await this.notify(trx, row, now);
    return {
      action: 'approve' as const,
      before: { status: 'pending' },
      after: { status: 'published' },
      retire: true,
    };
  }

  /** Every learner of the site gets the article as a notice in 我的消息 (once per article). */
  private async notify(trx: Kysely<Database>, row: DeskArticleRow, now: number) {
    await insertMessage(trx, {
      site_key: row.site_key,
      user_id: null,
      kind: 'notice',
      title: `${ARTICLE_KIND_NAMES[row.kind]}：${row.title}`.slice(0, 200),
      body: row.summary || '点击查看全文。',
      dedupe_key: `article:${row.id}`,
      link_type: 'article',
      link_id: row.id,
      created_at: now,
      read_at: null,
    });
  }

  /** Refuses what waits, with the reason the editor reads. */
  async reject(operator: Operator, body: AdminRejectBody): Promise<AdminArticle> {
    return this.change(operator, body.id, body.version, async (trx, row, edit, now) => {
      if (edit?.status === 'pending') {
        await trx
          .updateTable('content_edits')
          .set({ status: 'rejected', note: body.reason, updated_at: now })
          .where('id', '=', edit.id)
          .execute();
        return {
          action: 'reject' as const,
          before: { edit: 'pending' },
          after: { edit: 'rejected', reason: body.reason },
        };
      }
      if (row.status !== 'pending') throw notWaiting();
      await trx
        .updateTable('articles')
        .set({ status: 'rejected', review_note: body.reason })
        .where('id', '=', row.id)
        .execute();
      return {
        action: 'reject' as const,
        before: { status: 'pending' },
        after: { status: 'rejected', reason: body.reason },
      };
    });
  }

  /**
   * Publishes each ticked article that may be: one waiting for review (as by {@link approve},
   * never one the reviewer submitted) or one taken down; the others are skipped with why.
   */
  async publish(operator: Operator, ids: readonly number[]): Promise<AdminBulkResult> {
    return this.bulk(operator, ids, async (trx, row, edit, now) => {
      if (row.status === 'offline') {
        await trx
          .updateTable('articles')
          .set({ status: 'published', published: 1 })
          .where('id', '=', row.id)
          .execute();
        return {
          action: 'publish' as const,
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

  /** Takes each ticked published article down (learners no longer see it). */
  async takeDown(operator: Operator, ids: readonly number[]): Promise<AdminBulkResult> {
    return this.bulk(operator, ids, async (trx, row) => {
      if (row.status !== 'published') throw skip('未发布');
      await trx
        .updateTable('articles')
        .set({ status: 'offline', published: 0 })
        .where('id', '=', row.id)
        .execute();
      return {
        action: 'take_down' as const,
        before: { status: 'published' },
        after: { status: 'offline' },
        retire: true,
      };
    });
  }

  /** Runs a change on each article at its current version, one transaction each. */
  private async bulk(
    operator: Operator,
    ids: readonly number[],
    apply: Parameters<ArticleDesk['change']>[3],
  ): Promise<AdminBulkResult> {
    const result: AdminBulkResult = { done: [], skipped: [] };
    for (const id of new Set(ids)) {
      try {
        const row = await findDeskArticle(this.db, operator.siteKey, id);
        if (!row) throw skip('文章不存在');
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

/** A ticked record a bulk action leaves as it is, and why. */
const skip = (reason: string) => new AppError(ErrorCode.conflict, reason);
