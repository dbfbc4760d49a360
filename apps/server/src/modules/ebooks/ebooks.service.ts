import {
  type EbookCategory,
  type EbookDetail,
  type EbookListQuery,
  type EbookSummary,
  ErrorCode,
  type MyReading,
  type Page,
  type PageQuery,
  type ReadingProgress,
  type ReadingReport,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { readInIdOrder } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { SideEffects } from '../../platform/side-effects.ts';
import { isoTime } from '../../platform/time.ts';
import { countPublishedPerCategory, listSiteCategories } from '../content/categories.queries.ts';
import {
  countEbooks,
  countMyReading,
  type EbookSummaryRow,
  findEbookForReading,
  findEbookRow,
  findReading,
  listEbookRows,
  listEbookRowsByIds,
  listMyReadingRows,
  upsertReading,
} from './ebooks.queries.ts';

/** Unknown, unpublished and other-site e-books all answer the same. */
const ebookGone = () => new AppError(ErrorCode.notFound, '电子书不存在或已下线');

function toSummary(row: EbookSummaryRow): EbookSummary {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    author: row.author,
    publisher: row.publisher,
    categoryId: row.category_id,
    categoryName: row.category_name,
    pageCount: Number(row.page_count),
  };
}

/** A learner's place in a book; the page is kept within the book even if it shrank since. */
function toProgress(
  ebookId: number,
  pageCount: number,
  reading: { page: number; updated_at: number },
): ReadingProgress {
  const page = Math.min(Number(reading.page), pageCount);
  return {
    ebookId,
    page,
    pageCount,
    percent: Math.round((page / pageCount) * 100),
    updatedAt: isoTime(reading.updated_at),
  };
}

/**
 * The cards of the site's published e-books among `ids`, in the order of `ids` (unknown,
 * unpublished and other sites' ids left out, repeats once): for other modules (topics, home).
 * `now` is accepted for the same shape as the other areas' helpers; an e-book's card does not
 * change with time.
 */
export async function ebookSummariesByIds(
  db: Kysely<Database>,
  siteKey: string,
  ids: number[],
  _now?: number,
): Promise<EbookSummary[]> {
  return readInIdOrder(
    ids,
    (wanted) => listEbookRowsByIds(db, siteKey, wanted),
    (rows) => rows.map(toSummary),
  );
}

/**
 * One page of the published e-books of a site the learner opened, the latest read first, each
 * with their progress (`GET /api/ebooks/reading`, and the study tab).
 */
export async function myReading(
  db: Kysely<Database>,
  siteKey: string,
  userId: number,
  query: PageQuery,
): Promise<Page<MyReading>> {
  return readPage(
    query,
    {
      count: () => countMyReading(db, siteKey, userId),
      rows: ({ limit, offset }) => listMyReadingRows(db, siteKey, userId, limit, offset),
    },
    (rows) =>
      rows.map((row) => ({
        ...toSummary(row),
        progress: toProgress(row.id, Number(row.page_count), row),
      })),
  );
}

/** Pages read forward that make one 阅读电子书 points unit. */
export const EBOOK_PAGES_PER_AWARD = 10;

/**
 * The milestone (every {@link EBOOK_PAGES_PER_AWARD} pages) a report reading forward from
 * `previous` to `page` reaches, or null: the first report of a book (just opened) and reports
 * going back reach none, and a jump ahead reaches one (its last), never several.
 */
export function pagesMilestone(previous: number | undefined, page: number): number | null {
  if (previous === undefined || page <= previous) return null;
  const reached = Math.floor(page / EBOOK_PAGES_PER_AWARD);
  return reached > Math.floor(previous / EBOOK_PAGES_PER_AWARD) ? reached : null;
}

/** The e-book catalogue of a site and each learner's reading progress. */
export class EbookService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
    private readonly effects: SideEffects = new SideEffects(),
  ) {}

  /** The site's categories with their published e-book counts. */
  async categories(siteKey: string): Promise<EbookCategory[]> {
    const [rows, counts] = await Promise.all([
      listSiteCategories(this.db, 'ebook_categories', siteKey),
      countPublishedPerCategory(this.db, 'ebooks', siteKey),
    ]);
    return rows.map((row) => ({ id: row.id, name: row.name, count: counts.get(row.id) ?? 0 }));
  }

  /** One page of the site's published e-books, newest first, by category and keyword. */
  async list(siteKey: string, query: EbookListQuery): Promise<Page<EbookSummary>> {
    const filter = { siteKey, categoryId: query.categoryId, keyword: query.keyword || undefined };
    return readPage(
      query,
      {
        count: () => countEbooks(this.db, this.engine, filter),
        rows: (window) => listEbookRows(this.db, this.engine, { ...filter, ...window }),
      },
      (rows) => rows.map(toSummary),
    );
  }

  /** A published e-book of the site; with the caller's progress when a learner asks. */
  async detail(siteKey: string, id: number, userId: number | null): Promise<EbookDetail> {
    const [row, reading] = await Promise.all([
      findEbookRow(this.db, siteKey, id),
      userId === null ? undefined : findReading(this.db, userId, id),
    ]);
    if (!row) throw ebookGone();
    const pageCount = Number(row.page_count);
    return {
      ...toSummary(row),
      introduction: row.introduction,
      publishedYear: Number(row.published_year),
      isbn: row.isbn,
      pdfUrl: row.pdf_path,
      fileSize: Number(row.file_size),
      myProgress: reading ? toProgress(id, pageCount, reading) : null,
    };
  }

  /**
   * Records the page the learner is on in a published book of the site. A page beyond the book
   * answers 400 and stores nothing; the stored page is always the latest report.
   */
  async report(siteKey: string, userId: number, report: ReadingReport): Promise<ReadingProgress> {
    const book = await findEbookForReading(this.db, siteKey, report.ebookId);
    if (book === undefined) throw ebookGone();
    const pageCount = Number(book.page_count);
    if (report.page > pageCount) throw invalid(`页码超出范围，本书共 ${pageCount} 页`);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const previous = await findReading(trx, userId, report.ebookId);
      await upsertReading(trx, {
        user_id: userId,
        ebook_id: report.ebookId,
        page: report.page,
        now,
      });
      // Reaching the last page finishes the book (awards see it in this transaction).
      if (report.page === pageCount) {
        await this.effects.record(trx, {
          kind: 'ebook.finish',
          siteKey,
          learnerId: userId,
          key: `ebook.finish:${report.ebookId}:${userId}`,
          detail: { ebookId: report.ebookId, at: now },
        });
      }
      const milestone = pagesMilestone(previous?.page, report.page);
      if (milestone === null) return;
      await this.effects.record(trx, {
        kind: 'ebook.pages',
        siteKey,
        learnerId: userId,
        key: `ebook.pages:${report.ebookId}:${userId}:${milestone}`,
        detail: { ebookId: report.ebookId, title: book.title, at: now },
      });
    });
    return toProgress(report.ebookId, pageCount, { page: report.page, updated_at: now });
  }

  /** One page of the books the learner opened on the site, the latest read first. */
  reading(siteKey: string, userId: number, query: PageQuery): Promise<Page<MyReading>> {
    return myReading(this.db, siteKey, userId, query);
  }
}
