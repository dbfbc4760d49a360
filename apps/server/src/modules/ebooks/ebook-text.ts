import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { EbookTextState } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FileStore } from '../../platform/file-store.ts';
import { keyOfUrlPath } from '../../platform/file-store.ts';
import { JobFailure, type JobKind, type JobQueue } from '../../platform/jobs/job-queue.ts';

const run = promisify(execFile);

/** The queue name of the e-books' text extraction. */
export const PDF_TEXT_JOB = 'pdf-text';

/** Most characters kept of one page (a page of small print holds about 3,000). */
const PAGE_TEXT_MAX = 8_000;
/** Most characters of a book's pages in its search document (about 250 full pages). */
const BOOK_TEXT_MAX = 600_000;
/** A book whose pages hold fewer characters than this on average has no text layer (a scan). */
const SCANNED_CHARS_PER_PAGE = 8;
/** Pages written per statement. */
const PAGE_BATCH = 100;

export interface PdfTextPayload {
  ebookId: number;
  /** The e-book's PDF address when the job was added: another file since makes the job moot. */
  pdf: string;
}

/** A page's text as search keeps it: runs of white space as one space, trimmed, bounded. */
export function cleanPageText(raw: string): string {
  return raw.replace(/\s+/gu, ' ').trim().slice(0, PAGE_TEXT_MAX);
}

/**
 * The text of each page of the PDF at `file`, in page order, read by poppler's `pdftotext`
 * (pages end with a form feed); empty strings for pages without a text layer.
 */
export async function extractPageTexts(file: string, signal: AbortSignal): Promise<string[]> {
  let stdout: string;
  try {
    ({ stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-q', file, '-'], {
      signal,
      maxBuffer: 256 * 1024 * 1024,
      killSignal: 'SIGKILL',
    }));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT')
      throw new JobFailure('服务器缺少 pdftotext（poppler-utils），无法提取文字');
    throw new JobFailure('PDF 文件已损坏或无法打开，无法提取文字');
  }
  const pages = stdout.split('\f');
  // The last form feed ends the last page: what follows it is not a page.
  if (pages.length > 1 && pages[pages.length - 1]?.trim() === '') pages.pop();
  return pages.map(cleanPageText);
}

/** Whether the pages' text is too little to search: a scanned book without a text layer. */
export function looksScanned(pages: readonly string[]): boolean {
  const chars = pages.reduce((sum, page) => sum + page.length, 0);
  return pages.length === 0 || chars < pages.length * SCANNED_CHARS_PER_PAGE;
}

/** Copies a stored file to a temporary one (pdftotext reads a path); null when it is gone. */
async function toTempFile(files: FileStore, key: string): Promise<string | null> {
  const opened = await files.open(key);
  if (!opened) return null;
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ebook-text-'));
  const file = path.join(folder, 'book.pdf');
  await pipeline(opened.body, fs.createWriteStream(file));
  return file;
}

/**
 * Puts the e-book's text extraction on the queue (with the write that changed its PDF, in
 * `trx`), its text marked as being extracted: one job per e-book and file.
 */
export async function queueTextExtraction(
  jobs: JobQueue,
  trx: Kysely<Database>,
  ebookId: number,
  pdf: string | null,
): Promise<void> {
  const state: EbookTextState = pdf === null ? 'none' : 'pending';
  await trx
    .updateTable('ebooks')
    .set({ text_state: state, page_text: '' })
    .where('id', '=', ebookId)
    .execute();
  await trx.deleteFrom('ebook_pages').where('ebook_id', '=', ebookId).execute();
  if (pdf === null) return;
  const payload: PdfTextPayload = { ebookId, pdf };
  await jobs.add(PDF_TEXT_JOB, payload, { key: `${PDF_TEXT_JOB}:${ebookId}:${pdf}`, trx });
}

/**
 * The background job that makes an e-book's PDF searchable (PDF 文字提取): its text read page by
 * page into `ebook_pages` (where a search hit finds its page) and, joined, into the book's
 * search document (`ebooks.page_text`, which the search triggers index with the title), the
 * book marked `ready`, or `scanned` when its pages hold no text to search. A job whose book has
 * another file by the time it runs (or none) does nothing.
 */
export function pdfTextKind(db: Kysely<Database>, files: FileStore): JobKind<PdfTextPayload> {
  return {
    kind: PDF_TEXT_JOB,
    title: 'PDF 文字提取',
    timeoutMs: 10 * 60_000,
    attempts: 3,
    backoffMs: 30_000,
    async run({ ebookId, pdf }, job) {
      const current = async () =>
        (
          await db
            .selectFrom('ebooks')
            .select('pdf_path')
            .where('id', '=', ebookId)
            .executeTakeFirst()
        )?.pdf_path === pdf;
      if (!(await current())) {
        await job.progress(1, '文件已更换，无需提取');
        return;
      }
      const key = keyOfUrlPath(pdf, ['/files/']);
      const file = key ? await toTempFile(files, key) : null;
      if (!file) throw new JobFailure('PDF 文件不存在，请重新上传');
      try {
        await job.progress(0.1, '提取文字');
        const pages = await extractPageTexts(file, job.signal);
        const scanned = looksScanned(pages);
        await job.progress(0.6, `写入 ${pages.length} 页`);
        const written = await db.transaction().execute(async (trx) => {
          const state: EbookTextState = scanned ? 'scanned' : 'ready';
          const updated = await trx
            .updateTable('ebooks')
            .set({
              text_state: state,
              page_text: scanned ? '' : pages.join(' ').slice(0, BOOK_TEXT_MAX),
            })
            .where('id', '=', ebookId)
            .where('pdf_path', '=', pdf)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return false;
          await trx.deleteFrom('ebook_pages').where('ebook_id', '=', ebookId).execute();
          if (scanned) return true;
          const rows = pages
            .map((text, index) => ({ ebook_id: ebookId, page: index + 1, text }))
            .filter((row) => row.text !== '');
          for (let start = 0; start < rows.length; start += PAGE_BATCH) {
            await trx
              .insertInto('ebook_pages')
              .values(rows.slice(start, start + PAGE_BATCH))
              .execute();
          }
          return true;
        });
        if (!written) await job.progress(1, '文件已更换，无需提取');
        else if (scanned) await job.progress(1, `扫描件：${pages.length} 页没有可搜索的文字`);
        else await job.progress(1, `${pages.length} 页可搜索`);
      } finally {
        await fs.promises.rm(path.dirname(file), { recursive: true, force: true });
      }
    },
    async failed({ ebookId, pdf }) {
      await db
        .updateTable('ebooks')
        .set({ text_state: 'failed' })
        .where('id', '=', ebookId)
        .where('pdf_path', '=', pdf)
        .execute();
    },
  };
}
