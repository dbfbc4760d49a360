import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import {
  EBOOK_AUTHOR_MAX,
  EBOOK_INTRODUCTION_MAX,
  EBOOK_TEXT_STATES,
  EBOOK_TITLE_MAX,
  EBOOK_YEAR_MAX,
  EBOOK_YEAR_MIN,
  REVIEW_STATUSES,
} from './admin-values.ts';
import { idParam } from './parts.ts';

/*
 * The console's e-books (`/api/admin/ebooks`): a book's catalogue data, its PDF and its cover,
 * written by editors and reviewed before publication as articles and courses are.
 */

/**
 * Why an ISBN is not one, or null when it is: 10 digits (the last may be X) or 13 digits
 * starting 978 or 979, hyphens and spaces between them allowed, with the right check digit.
 */
export function isbnProblem(isbn: string): string | null {
  const digits = isbn.replace(/[-\s]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(digits)) {
    const sum = [...digits].reduce(
      (acc, char, i) => acc + (char === 'X' ? 10 : Number(char)) * (10 - i),
      0,
    );
    return sum % 11 === 0 ? null : '校验位不正确，请核对';
  }
  if (/^97[89]\d{10}$/.test(digits)) {
    const sum = [...digits].reduce((acc, char, i) => acc + Number(char) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0 ? null : '校验位不正确，请核对';
  }
  return '请填写 10 位或以 978、979 开头的 13 位 ISBN';
}

/** A file of this site under `/files/`; `message` asks for the upload. */
const filePath = (message: string) =>
  z
    .string()
    .max(500)
    .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, message);

/** What an operator writes of an e-book (the console's form); the server checks it all. */
export const adminEbookFormSchema = z.object({
  categoryId: idParam,
  title: z.string().trim().min(1, '不能为空').max(EBOOK_TITLE_MAX, `最多 ${EBOOK_TITLE_MAX} 个字`),
  author: z
    .string()
    .trim()
    .min(1, '不能为空')
    .max(EBOOK_AUTHOR_MAX, `最多 ${EBOOK_AUTHOR_MAX} 个字`),
  publisher: z.string().trim().max(EBOOK_AUTHOR_MAX, `最多 ${EBOOK_AUTHOR_MAX} 个字`).default(''),
  publishedYear: z
    .number({ error: '请填写出版年份' })
    .int('请填写四位年份')
    .min(EBOOK_YEAR_MIN, `不能早于 ${EBOOK_YEAR_MIN} 年`)
    .max(EBOOK_YEAR_MAX, `不能晚于 ${EBOOK_YEAR_MAX} 年`),
  /** ISBN-10 or ISBN-13 with its check digit, as written (hyphens kept), or empty. */
  isbn: z
    .string()
    .trim()
    .max(20, '最多 20 个字符')
    .toUpperCase()
    .superRefine((isbn, context) => {
      const problem = isbn === '' ? null : isbnProblem(isbn);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(''),
  /** Plain text paragraphs separated by blank lines (the portal shows it as such). */
  introduction: z
    .string()
    .max(EBOOK_INTRODUCTION_MAX, `最多 ${EBOOK_INTRODUCTION_MAX} 个字`)
    .default(''),
  /**
   * The PDF uploaded to this site (`POST /api/admin/uploads/pdf`), or null before one is; the
   * server reads its pages and size from the file itself when the form is saved.
   */
  pdfUrl: filePath('请上传 PDF 文件').nullable().default(null),
  /** Pages and bytes of the PDF, as the upload answered them (the server's own count wins). */
  pageCount: z.number().int().min(0).default(0),
  fileSize: z.number().int().min(0).default(0),
  /** A 3:4 cover (made from the PDF's first page, or uploaded), or null before one is. */
  cover: filePath('请上传封面图片').nullable().default(null),
});
export type AdminEbookForm = z.infer<typeof adminEbookFormSchema>;
export type AdminEbookFormInput = z.input<typeof adminEbookFormSchema>;

export const adminEbookUpdateBodySchema = adminEbookFormSchema.extend({
  id: idParam,
  version: z.number().int().min(1),
});
export type AdminEbookUpdateBody = z.infer<typeof adminEbookUpdateBodySchema>;

/**
 * `GET /api/admin/ebooks/detail?id=`: the form, its review state, the live version beside it.
 * The ISBN is answered as stored (an imported book's may not pass the form's check; the editor
 * corrects it on the next save).
 */
export const adminEbookSchema = reviewedSchemaOf(adminEbookFormSchema.extend({ isbn: z.string() }));
export type AdminEbook = z.infer<typeof adminEbookSchema>;

/** An e-book in the console's list. */
export const adminEbookRowSchema = z.object({
  id: z.number().int(),
  /** The title as the operator last wrote it (the waiting edit's, if any). */
  title: z.string(),
  author: z.string(),
  categoryName: z.string(),
  /** Pages of its PDF; 0 before one is uploaded. */
  pageCount: z.number().int(),
  /** Whether its PDF's text can be searched (extracted in the background after each new file). */
  textState: z.enum(EBOOK_TEXT_STATES),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminEbookRow = z.infer<typeof adminEbookRowSchema>;

/** `GET /api/admin/ebooks`: the site's e-books, newest change first. */
export const adminEbookListQuerySchema = reviewListQuery.extend({
  categoryId: idParam.optional(),
});
export type AdminEbookListQuery = z.infer<typeof adminEbookListQuerySchema>;

/** The site's e-book categories, for the form's choice. */
export const adminEbookChoicesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminEbookChoices = z.infer<typeof adminEbookChoicesSchema>;

/**
 * The text fields of `POST /api/admin/uploads/pdf`: what the PDF is for. An e-book's (the
 * default) gets a cover made from its first page; a lesson's does not need one.
 */
export const adminPdfUploadFieldsSchema = z.object({
  use: z.enum(['ebook', 'lesson'], { error: '请选择电子书或课时' }).default('ebook'),
});

/**
 * `POST /api/admin/uploads/pdf`: a PDF (an e-book's or a PDF lesson's) kept in the site's
 * folder, its size and pages (read from the file), and for an e-book a cover made from its
 * first page (null when none could be made, the operator uploads one; always null for a lesson).
 */
export const adminPdfUploadSchema = z.object({
  url: z.string(),
  bytes: z.number().int(),
  pageCount: z.number().int(),
  cover: z.string().nullable(),
});
export type AdminPdfUpload = z.infer<typeof adminPdfUploadSchema>;
