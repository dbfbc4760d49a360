import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { cardShape, idParam, idQuery } from './parts.ts';

/** A category of the e-book catalogue, e.g. 家庭教育. */
export const ebookCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Published e-books of the site in it. */
  count: z.number().int(),
});
export type EbookCategory = z.infer<typeof ebookCategorySchema>;

/** An e-book in a list (card). */
export const ebookSummarySchema = z.object({
  /** The cover is a 3:4 image. */
  ...cardShape(),
  author: z.string(),
  publisher: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  pageCount: z.number().int(),
});
export type EbookSummary = z.infer<typeof ebookSummarySchema>;

/** The learner's place in a book: the last page they read, and how far that is. */
export const readingProgressSchema = z.object({
  ebookId: z.number().int(),
  /** From 1. */
  page: z.number().int(),
  pageCount: z.number().int(),
  /** `round(page / pageCount * 100)`, 0 to 100. */
  percent: z.number().int(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type ReadingProgress = z.infer<typeof readingProgressSchema>;

/** `GET /api/ebooks/detail?id=`: a published e-book of the site. */
export const ebookDetailSchema = ebookSummarySchema.extend({
  /** Plain text paragraphs separated by blank lines. */
  introduction: z.string(),
  /** e.g. 2024 */
  publishedYear: z.number().int(),
  isbn: z.string(),
  /** URL path of the PDF on this site, served with HTTP range requests. */
  pdfUrl: z.string(),
  /** Size of the PDF in bytes. */
  fileSize: z.number().int(),
  /** The caller's progress; null for a visitor or a learner who never opened it. */
  myProgress: readingProgressSchema.nullable(),
});
export type EbookDetail = z.infer<typeof ebookDetailSchema>;

/** `GET /api/ebooks`: one page of published e-books, newest first; by category and keyword. */
export const ebookListQuerySchema = pageQuery.extend({
  categoryId: idParam.optional(),
  /** Matches title, author or publisher. */
  keyword: z.string().trim().max(50, '最多 50 个字').optional(),
});
export type EbookListQuery = z.infer<typeof ebookListQuerySchema>;

export const ebookDetailQuerySchema = idQuery();

/**
 * `POST /api/ebooks/progress` (login): the page the learner is on. A page beyond the book
 * answers 400 naming the page count; the stored page only ever reflects the latest report.
 */
export const readingReportSchema = z.object({
  ebookId: idParam,
  page: z.coerce.number().int('页码必须是整数').min(1, '页码从 1 开始'),
});
export type ReadingReport = z.infer<typeof readingReportSchema>;

/** `GET /api/ebooks/reading` (login): books the learner has opened, latest first. */
export const myReadingSchema = ebookSummarySchema.extend({
  progress: readingProgressSchema,
});
export type MyReading = z.infer<typeof myReadingSchema>;

export const myReadingQuerySchema = pageQuery;
