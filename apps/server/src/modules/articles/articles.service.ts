import {
  ARTICLE_KIND_NAMES,
  ARTICLE_READ_MIN_SECONDS,
  ARTICLE_TITLE_MAX,
  type ArticleChannel,
  type ArticleChannelQuery,
  type ArticleDetail,
  type ArticleKind,
  type ArticleListQuery,
  type ArticleReadAllResult,
  type ArticleReadEndResult,
  type ArticleSummary,
  ErrorCode,
  type Page,
  READ_MARKED_KINDS,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database, NewArticleRow } from '../../db/schema.ts';
import { AppError, conflict, invalid } from '../../platform/errors.ts';
import { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import { SideEffects } from '../../platform/side-effects.ts';
import { Tally } from '../../platform/tally.ts';
import { isoTime } from '../../platform/time.ts';
import { insertMessage } from '../messages/messages.queries.ts';
import {
  type ArticleSummaryRow,
  addArticleViews,
  countArticles,
  countPublishedPerChannel,
  findArticleRow,
  findChannel,
  findOpenedAt,
  insertArticles,
  listArticleRows,
  listChannelRows,
  markAllRead,
  markOpened,
  markRead,
} from './articles.queries.ts';

/** Unknown, unpublished and other-site articles all answer the same. */
const articleGone = () => new AppError(ErrorCode.notFound, '文章不存在或已下线');

const readMarked = (kind: ArticleKind) => (READ_MARKED_KINDS as readonly string[]).includes(kind);

function toSummary(row: ArticleSummaryRow, userId: number | null): ArticleSummary {
  return {
    id: row.id,
    kind: row.kind,
    channelId: row.channel_id,
    channelName: row.channel_name,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    source: row.source,
    pinned: Number(row.pinned) === 1,
    viewCount: Number(row.view_count),
    publishedAt: isoTime(row.published_at),
    unread: userId !== null && readMarked(row.kind) && Number(row.is_read) === 0,
    hasAttachment: row.attachment_url !== null,
  };
}

/** What the store path takes for one article; the body is any HTML, sanitized on the way in. */
export interface ArticleInput {
  channelId: number;
  title: string;
  summary?: string | undefined;
  cover?: string | null | undefined;
  source: string;
  bodyHtml: string;
  attachment?: { url: string; name: string } | null | undefined;
  pinned?: boolean | undefined;
  published?: boolean | undefined;
  publishedAt: number;
}

/**
 * The row stored for an article of a channel (`kind` is the channel's): the title is plain text,
 * trimmed, from 1 to {@link ARTICLE_TITLE_MAX} characters, and the body is sanitized. Bad input
 * throws 400 naming the field. Used by {@link ArticleService.createArticle} and the seed.
 */
export function articleRow(
  siteKey: string,
  channel: { id: number; kind: ArticleKind },
  input: ArticleInput,
  now: number,
): NewArticleRow {
  const title = input.title.trim();
  if (title.length === 0) throw invalid('标题：不能为空');
  if ([...title].length > ARTICLE_TITLE_MAX) {
    throw invalid(`标题：最多 ${ARTICLE_TITLE_MAX} 个字`);
  }
  const bodyHtml = sanitizeArticleHtml(input.bodyHtml);
  if (bodyHtml.length === 0) throw invalid('正文：不能为空');
  return {
    site_key: siteKey,
    channel_id: channel.id,
    kind: channel.kind,
    title,
    summary: (input.summary ?? '').trim().slice(0, 200),
    cover: input.cover ?? null,
    source: input.source.trim().slice(0, 100),
    body_html: bodyHtml,
    attachment_url: input.attachment?.url ?? null,
    attachment_name: input.attachment?.name ?? null,
    pinned: input.pinned ? 1 : 0,
    published: input.published === false ? 0 : 1,
    published_at: input.publishedAt,
    created_at: now,
    updated_at: now,
  };
}

/**
 * One article of an import file: as {@link ArticleInput}, its channel named instead of numbered;
 * `notify` also sends it to every learner of the site as a notice in 我的消息.
 */
export type ArticleImport = Omit<ArticleInput, 'channelId'> & { channel: string; notify?: boolean };

/** The longest import, in articles (one insert statement, one transaction). */
export const ARTICLE_IMPORT_MAX = 500;

/** The articles of a site (资讯, 通知, 公告, 风采, 展示, 讲座访谈) and learners' read marks. */
export class ArticleService {
  /** Each article's views since they were last written (see {@link Tally}). */
  private readonly views: Tally;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly publicCache: PublicCache = new PublicCache(),
    private readonly effects: SideEffects = new SideEffects(),
    onError: (error: unknown) => void = () => {},
  ) {
    this.views = new Tally((siteKey, counts) => addArticleViews(this.db, siteKey, counts), onError);
  }

  /** Counts a view of a published article (one answered from the visitors' cache). */
  countView(siteKey: string, id: number): void {
    this.views.add(siteKey, String(id));
  }

  /** Writes the views tallied so far (before the app closes; tests). */
  flushViews(): Promise<void> {
    return this.views.flush();
  }

  /** The site's channels of a kind (or all), with their published article counts. */
  async channels(siteKey: string, query: ArticleChannelQuery): Promise<ArticleChannel[]> {
    const [rows, counts] = await Promise.all([
      listChannelRows(this.db, siteKey, query.kind),
      countPublishedPerChannel(this.db, siteKey),
    ]);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      count: counts.get(row.id) ?? 0,
    }));
  }

  /** One page of the site's published articles: pinned first, then newest published. */
  async list(
    siteKey: string,
    query: ArticleListQuery,
    userId: number | null,
  ): Promise<Page<ArticleSummary>> {
    const filter = { siteKey, kind: query.kind, channelId: query.channelId };
    return readPage(
      query,
      {
        count: () => countArticles(this.db, filter),
        rows: (window) => listArticleRows(this.db, { ...filter, ...window, userId }),
      },
      (rows) => rows.map((row) => toSummary(row, userId)),
    );
  }

  /**
   * A published article of the site: counts the view (an atomic increment, so concurrent views
   * are never lost) and, for a learner, marks it read. The body is sanitized again on the way out.
   */
  async detail(siteKey: string, id: number, userId: number | null): Promise<ArticleDetail> {
    const row = await findArticleRow(this.db, siteKey, id, userId);
    if (!row) throw articleGone();
    if (userId !== null) {
      // A read mark is kept once; the open is the latest.
      if (Number(row.is_read) === 0) await markRead(this.db, userId, id, this.now());
      await markOpened(this.db, userId, id, this.now());
    }
    // A view is a read: it is tallied and written with the others every few seconds, and the
    // count shown is the written one with the views tallied since (this one among them).
    this.views.add(siteKey, String(id));
    return {
      // Opened by the learner: read from now on.
      ...toSummary(userId === null ? row : { ...row, is_read: 1 }, userId),
      viewCount: Number(row.view_count) + this.views.pending(siteKey, String(id)),
      bodyHtml: sanitizeArticleHtml(row.body_html),
      attachment:
        row.attachment_url === null
          ? null
          : { url: row.attachment_url, name: row.attachment_name ?? '附件.pdf' },
    };
  }

  /**
   * The learner reached the end of an article they opened (its detail) at least
   * {@link ARTICLE_READ_MIN_SECONDS} seconds ago: records the `article.read` side effect once
   * per learner and article (points reward it). Sooner, or never opened, answers 409.
   */
  async readEnd(siteKey: string, userId: number, id: number): Promise<ArticleReadEndResult> {
    const row = await findArticleRow(this.db, siteKey, id, userId);
    if (!row) throw articleGone();
    const openedAt = await findOpenedAt(this.db, userId, id);
    if (openedAt === undefined) throw conflict('请先打开文章阅读');
    const now = this.now();
    if (now - openedAt < ARTICLE_READ_MIN_SECONDS * 1000) {
      throw conflict('阅读时间过短，读完全文才算读完');
    }
    await this.db.transaction().execute((trx) =>
      this.effects.record(trx, {
        kind: 'article.read',
        siteKey,
        learnerId: userId,
        key: `article.read:${id}:${userId}`,
        detail: { articleId: id, title: row.title, at: now },
      }),
    );
    return { read: true };
  }

  /** Marks every published article of the kind on the site read by the learner. */
  async readAll(siteKey: string, userId: number, kind: ArticleKind): Promise<ArticleReadAllResult> {
    return { marked: await markAllRead(this.db, siteKey, kind, userId, this.now()) };
  }

  /**
   * Stores an article in a channel of the site (the store path of imports and the seed): the
   * title must be plain text of 1 to {@link ARTICLE_TITLE_MAX} characters, the body is sanitized.
   * Answers the new id; an unknown channel or bad input stores nothing.
   */
  async createArticle(siteKey: string, input: ArticleInput): Promise<number> {
    const channel = await findChannel(this.db, siteKey, input.channelId);
    if (!channel) throw invalid('栏目：不存在');
    const [id] = await insertArticles(this.db, [articleRow(siteKey, channel, input, this.now())]);
    // Visitors' kept lists show it at once.
    await this.publicCache.invalidate(siteKey);
    return id as number;
  }

  /**
   * Stores a batch of articles (the import path of operators): each checked and sanitized as by
   * {@link createArticle}, its channel found by name among the site's; all are stored or, when
   * one is refused, none (the message names its place, e.g. `第 3 篇：标题：不能为空`). Those
   * marked `notify` go to every learner as a notice linking to the article, in the same
   * transaction.
   */
  async importArticles(siteKey: string, inputs: readonly ArticleImport[]): Promise<number[]> {
    if (inputs.length === 0) throw invalid('导入文件：没有文章');
    if (inputs.length > ARTICLE_IMPORT_MAX) {
      throw invalid(`导入文件：一次最多 ${ARTICLE_IMPORT_MAX} 篇`);
    }
    const channels = await listChannelRows(this.db, siteKey);
    const now = this.now();
    const rows = inputs.map((input, index) => {
      const place = `第 ${index + 1} 篇：`;
      const channel = channels.find((row) => row.name === input.channel);
      if (!channel) throw invalid(`${place}栏目：本站没有“${input.channel}”`);
      try {
        return articleRow(siteKey, channel, { ...input, channelId: channel.id }, now);
      } catch (error) {
        if (error instanceof AppError) throw invalid(`${place}${error.message}`);
        throw error;
      }
    });
    const ids = await this.db.transaction().execute(async (trx) => {
      const stored = await insertArticles(trx, rows);
      for (const [index, input] of inputs.entries()) {
        const row = rows[index];
        const id = stored[index];
        if (!input.notify || !row || id === undefined) continue;
        await insertMessage(trx, {
          site_key: siteKey,
          user_id: null,
          kind: 'notice',
          title: `${ARTICLE_KIND_NAMES[row.kind]}：${row.title}`.slice(0, 200),
          body: row.summary || '点击查看全文。',
          dedupe_key: `article:${id}`,
          link_type: 'article',
          link_id: id,
          created_at: now,
          read_at: null,
        });
      }
      return stored;
    });
    await this.publicCache.invalidate(siteKey);
    return ids;
  }
}
