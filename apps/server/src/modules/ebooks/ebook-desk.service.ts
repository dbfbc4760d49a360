import type {
  AdminEbookChoices,
  AdminEbookForm,
  AdminEbookListQuery,
  AdminEbookRow,
  Page,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { invalid } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { cleanIntroduction } from '../../platform/plain-text.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';
import { EbookPdfUploads, storedPdf } from './ebook-pdf.ts';
import { queueTextExtraction } from './ebook-text.ts';

/** A ebooks row of the site with its review columns and its author's nickname. */
type EbookRow = ReviewedRow<'ebooks'>;

/**
 * The e-book's form as stored. A draft without its PDF or cover keeps an empty path in the
 * row (the columns are required, and its page count at the column's least, 1): null here.
 */
function formOfEbook(row: EbookRow): AdminEbookForm {
  const pdfUrl = row.pdf_path === '' ? null : row.pdf_path;
  return {
    categoryId: row.category_id,
    title: row.title,
    author: row.author,
    publisher: row.publisher,
    publishedYear: Number(row.published_year),
    isbn: row.isbn,
    introduction: row.introduction,
    pdfUrl,
    pageCount: pdfUrl === null ? 0 : Number(row.page_count),
    fileSize: pdfUrl === null ? 0 : Number(row.file_size),
    cover: row.cover === '' ? null : row.cover,
  };
}

/**
 * The e-book kind of the review desk; its check reads the PDF the form names from the store
 * (`files`), so the pages and size stored are the file's own.
 */
function ebookKind(files: FileStore, jobs: JobQueue): DeskKind<AdminEbookForm, EbookRow> {
  /** The columns a form sets (the review columns aside). */
  const columnsOf = (form: AdminEbookForm) => ({
    category_id: form.categoryId,
    title: form.title,
    author: form.author,
    publisher: form.publisher,
    published_year: form.publishedYear,
    isbn: form.isbn,
    introduction: form.introduction,
    pdf_path: form.pdfUrl ?? '',
    page_count: Math.max(1, form.pageCount),
    file_size: form.fileSize,
    cover: form.cover ?? '',
  });
  return {
    entity: 'ebook',
    table: 'ebooks',
    name: '电子书',
    formOf: async (_db, row) => formOfEbook(row),
    async check(db, siteKey, form) {
      const category = await db
        .selectFrom('ebook_categories')
        .select('id')
        .where('id', '=', form.categoryId)
        .where('site_key', '=', siteKey)
        .executeTakeFirst();
      if (!category) throw invalid('电子书分类：本站没有这个分类');
      const pdf =
        form.pdfUrl === null
          ? { pageCount: 0, fileSize: 0 }
          : await storedPdf(files, siteKey, form.pdfUrl);
      return { ...form, ...pdf, introduction: cleanIntroduction(form.introduction) };
    },
    async insert(trx, operator, form, now) {
      const { id } = await trx
        .insertInto('ebooks')
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
      await queueTextExtraction(jobs, trx, id, form.pdfUrl);
      return id;
    },
    async write(trx, row, form) {
      await trx.updateTable('ebooks').set(columnsOf(form)).where('id', '=', row.id).execute();
      // A new file (or none): its text is read again for search, in the background.
      if ((form.pdfUrl ?? '') !== row.pdf_path) {
        await queueTextExtraction(jobs, trx, row.id, form.pdfUrl);
      }
    },
    title: (form) => form.title,
    publishable(form) {
      if (form.pdfUrl === null) return '电子书还没有上传 PDF 文件，不能发布';
      if (form.cover === null) return '电子书还没有封面，不能发布';
      return null;
    },
  };
}

/**
 * The e-books of a site as its operators write and review them (the review is the
 * {@link ReviewDesk}'s): the console's list, the categories to choose from, and the PDF upload.
 */
export class EbookDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminEbookForm, EbookRow>;
  /** `POST /api/admin/uploads/pdf`. */
  readonly uploads: EbookPdfUploads;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    files: FileStore,
    audit: AuditLog,
    publicCache: PublicCache,
    jobs: JobQueue,
    now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, ebookKind(files, jobs), audit, publicCache, now);
    this.uploads = new EbookPdfUploads(db, files, audit);
  }

  /** The site's e-book categories, in the catalogue's order. */
  async choices(siteKey: string): Promise<AdminEbookChoices> {
    const categories = await this.db
      .selectFrom('ebook_categories')
      .select(['id', 'name'])
      .where('site_key', '=', siteKey)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { categories };
  }

  private filtered(siteKey: string, query: AdminEbookListQuery) {
    let builder = this.db
      .selectFrom('ebooks as b')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'b.id').on('e.entity', '=', 'ebook'),
      )
      .where('b.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, { ...query, q: undefined }, { alias: 'b' }));
    if (query.categoryId !== undefined) {
      builder = builder.where('b.category_id', '=', query.categoryId);
    }
    if (query.q) {
      const pattern = containsPattern(query.q);
      builder = builder.where((eb) =>
        eb.or([
          matchesPattern(this.engine, 'b.title', pattern),
          matchesPattern(this.engine, 'b.author', pattern),
        ]),
      );
    }
    return builder;
  }

  /** The site's e-books, newest change first. */
  async list(siteKey: string, query: AdminEbookListQuery): Promise<Page<AdminEbookRow>> {
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .innerJoin('ebook_categories as cat', 'cat.id', 'b.category_id')
            .leftJoin('users as u', 'u.id', 'b.author_id')
            .select([
              'b.id',
              'b.title',
              'b.author',
              'cat.name as category_name',
              'b.page_count',
              'b.pdf_path',
              'b.text_state',
              'b.status',
              'b.version',
              'u.nickname as author_name',
              'b.updated_at',
              'b.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
            ])
            .orderBy('b.updated_at', 'desc')
            .orderBy('b.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => ({
          ...listedReview(row),
          id: row.id,
          author: row.author,
          categoryName: row.category_name,
          pageCount: row.pdf_path === '' ? 0 : Number(row.page_count),
          textState: row.text_state,
        })),
    );
  }
}
