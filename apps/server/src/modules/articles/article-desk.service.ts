import type {
  AdminArticleForm,
  AdminArticleListQuery,
  AdminArticleRow,
  AdminChannel,
  Page,
} from '@portal/contract';
import { ARTICLE_KIND_NAMES } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { insertMessage } from '../messages/messages.queries.ts';
import type { AuditLog } from '../operators/audit.ts';
import { countDeskRows, listDeskRows } from './article-desk.queries.ts';
import { findChannel, listChannelRows } from './articles.queries.ts';
import { articleRow } from './articles.service.ts';

/** The form of a stored row: what the editor sees and the audit log keeps. */
/** An article of the site with its review columns and its author's nickname. */
type DeskArticleRow = ReviewedRow<'articles'>;

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

/** The form checked as stored: the channel is the site's, the title plain, the body sanitized. */
async function checked(db: Kysely<Database>, siteKey: string, form: AdminArticleForm) {
  const channel = await findChannel(db, siteKey, form.channelId);
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

/** Articles as the review desk handles them. */
const articleKind: DeskKind<AdminArticleForm, DeskArticleRow> = {
  entity: 'article',
  table: 'articles',
  name: '文章',
  formOf: async (_db, row) => formOfRow(row),
  check: async (db, siteKey, form) => (await checked(db, siteKey, form)).clean,
  async insert(trx, operator, form, now) {
    const { channel } = await checked(trx, operator.siteKey, form);
    const inserted = await trx
      .insertInto('articles')
      .values({
        ...articleRow(
          operator.siteKey,
          channel,
          { ...form, published: false, publishedAt: now },
          now,
        ),
        status: 'draft',
        notify: form.notify ? 1 : 0,
        author_id: operator.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },
  async write(trx, row, form) {
    const channel = await findChannel(trx, row.site_key, form.channelId);
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
        notify: form.notify ? 1 : 0,
      })
      .where('id', '=', row.id)
      .execute();
  },
  title: (form) => form.title,
  // Every learner of the site gets it as a notice in 我的消息 (once per article), when asked.
  async onPublished(trx, row, form, now) {
    if (!form.notify) return;
    await insertMessage(trx, {
      site_key: row.site_key,
      user_id: null,
      kind: 'notice',
      title: `${ARTICLE_KIND_NAMES[row.kind]}：${form.title}`.slice(0, 200),
      body: form.summary || '点击查看全文。',
      dedupe_key: `article:${row.id}`,
      link_type: 'article',
      link_id: row.id,
      created_at: now,
      read_at: null,
    });
  },
};

/**
 * The articles of a site as its operators write and review them: the review itself is the
 * {@link ReviewDesk}'s; this adds the console's list and the channels to choose from.
 */
export class ArticleDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminArticleForm, DeskArticleRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, articleKind, audit, publicCache, now);
  }

  async channels(siteKey: string): Promise<AdminChannel[]> {
    return (await listChannelRows(this.db, siteKey)).map(({ id, kind, name }) => ({
      id,
      kind,
      name,
    }));
  }

  async list(siteKey: string, query: AdminArticleListQuery): Promise<Page<AdminArticleRow>> {
    const filter = { ...query, siteKey };
    return readPage(
      query,
      {
        count: () => countDeskRows(this.db, this.engine, filter),
        rows: (window) => listDeskRows(this.db, this.engine, filter, window),
      },
      (rows) =>
        rows.map((row) => ({
          ...listedReview(row),
          id: row.id,
          kind: row.kind,
          channelId: row.channel_id,
          channelName: row.channel_name,
          pinned: Number(row.pinned) === 1,
        })),
    );
  }
}
