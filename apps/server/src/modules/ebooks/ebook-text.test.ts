import type {
  AdminEbook,
  AdminEbookChoices,
  AdminEbookFormInput,
  AdminEbookRow,
  AdminPdfUpload,
  JobView,
  Page,
  SearchResult,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import {
  adminCall,
  adminUpload,
  createOperator,
  reviewStep,
} from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { cleanPageText, looksScanned, PDF_TEXT_JOB } from './ebook-text.ts';

const SITE = 'jingan';
/** Words only page 37 of the long book holds (a phrase, and a two-letter word). */
const PHRASE = 'riverside lifelong learning';
const PAIR = 'zq';

/**
 * A real PDF of `pages` pages: each with a line of text naming its page, page 37 with
 * {@link PHRASE} and {@link PAIR}; `scanned` draws only shapes (a scan has no text layer).
 */
async function makeBook(pages: number, scanned = false): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = pdf.addPage([420, 595]);
    if (scanned) {
      page.drawRectangle({ x: 40, y: 40, width: 340, height: 500, color: rgb(0.9, 0.9, 0.85) });
      continue;
    }
    page.drawText(`Chapter text of page ${n}, about reading in the city.`, {
      x: 40,
      y: 520,
      size: 11,
      font,
    });
    if (n === 37) {
      page.drawText(`A ${PHRASE} walk along the river, ${PAIR} marks the spot.`, {
        x: 40,
        y: 480,
        size: 11,
        font,
      });
    }
  }
  return Buffer.from(await pdf.save());
}

describe('the text of a PDF page', () => {
  it('keeps one space between words and trims the page', () => {
    expect(cleanPageText('  第一章\n\n  城市  阅读\t指南 \n')).toBe('第一章 城市 阅读 指南');
  });

  it('calls a book without text on its pages a scan', () => {
    expect(looksScanned(['', '', ' '])).toBe(true);
    expect(looksScanned([])).toBe(true);
    expect(looksScanned(['第一章 城市阅读指南：在街巷之间学习，在学习之中生活', '', ''])).toBe(
      false,
    );
  });
});

describeEachEngine('search inside e-books: their PDF text, page by page', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let choices: AdminEbookChoices;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const upload = async (name: string, content: Buffer) => {
    const answer = await adminUpload<AdminPdfUpload>(
      app,
      editor.token,
      SITE,
      '/api/admin/uploads/pdf',
      { name, content, type: 'application/pdf' },
    );
    expect(answer.code, answer.message).toBe(0);
    return answer.data;
  };
  const form = (title: string, pdf: AdminPdfUpload): AdminEbookFormInput => ({
    categoryId: choices.categories[0]?.id ?? 0,
    title,
    author: '林静',
    publisher: '静安学习网',
    publishedYear: 2025,
    isbn: '978-7-5444-9999-6',
    introduction: '一本关于城市阅读的书。',
    pdfUrl: pdf.url,
    pageCount: pdf.pageCount,
    fileSize: pdf.bytes,
    cover: '/files/covers/ebook-jingan-001.svg',
  });
  /** An e-book made, submitted and published with `content` as its PDF. */
  const publish = async (title: string, content: Buffer) => {
    const pdf = await upload(`${title}.pdf`, content);
    const created = await as<AdminEbook>(
      editor,
      'POST',
      '/api/admin/ebooks/create',
      form(title, pdf),
    );
    expect(created.code, created.message).toBe(0);
    const step = (who: TestLearner, action: string, ebook: AdminEbook) =>
      reviewStep(app, who.token, SITE, 'ebooks', action, ebook);
    const approved = await step(
      reviewer,
      'approve',
      (await step(editor, 'submit', created.data)).data,
    );
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };
  const textState = async (id: number) =>
    (
      await app.database.db
        .selectFrom('ebooks')
        .select('text_state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).text_state;
  /** Waits until the e-book's text is read and its job done, answering that job (the newest). */
  const extracted = async (id: number): Promise<JobView | undefined> => {
    for (let i = 0; i < 300; i += 1) {
      const [newest] = (await app.jobs.list({ kind: PDF_TEXT_JOB, page: 1, size: 1 })).list;
      if ((await textState(id)) !== 'pending' && newest?.state === 'done') return newest;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  };
  const search = async (q: string) =>
    body<Page<SearchResult>>(
      await app.inject({
        url: `/api/search?q=${encodeURIComponent(q)}&type=ebook`,
        headers: { 'x-site': SITE },
      }),
    ).data;

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    choices = (await as<AdminEbookChoices>(editor, 'GET', '/api/admin/ebooks/choices')).data;
  });

  it('finds a phrase from page 37 of a 100-page book, and names the page', async () => {
    const book = await publish('城市漫读一百页', await makeBook(100));
    // Queued with the write that gave the book its file, marked until the job has read it.
    expect(await textState(book.id)).toBe('pending');
    expect((await search(PHRASE)).total).toBe(0);
    await app.jobs.start();
    const job = await extracted(book.id);
    expect(job).toMatchObject({ title: 'PDF 文字提取', progress: 1, note: '100 页可搜索' });
    expect(await textState(book.id)).toBe('ready');

    const found = await search(PHRASE);
    expect(found.list.map((hit) => hit.id)).toEqual([book.id]);
    const inside = found.list[0]?.inside;
    expect(inside?.page).toBe(37);
    const excerpt = inside?.excerpt ?? [];
    expect(excerpt.filter((part) => part.match).map((part) => part.text)).toEqual([PHRASE]);
    expect(excerpt.map((part) => part.text).join('')).toContain(`A ${PHRASE} walk`);
    // Two letters: the two-character index finds it too.
    expect((await search(PAIR)).list.find((hit) => hit.id === book.id)?.inside?.page).toBe(37);
    // A hit by its title opens the book as before: nothing inside to point at.
    const byTitle = await search('城市漫读');
    expect(byTitle.list.find((hit) => hit.id === book.id)?.inside).toBeNull();
  });

  it('marks a scanned book as not searchable and finds nothing inside it', async () => {
    const book = await publish('老照片扫描本', await makeBook(4, true));
    await app.jobs.start();
    const job = await extracted(book.id);
    expect(job?.note).toBe('扫描件：4 页没有可搜索的文字');
    expect(await textState(book.id)).toBe('scanned');
    const pages = await app.database.db
      .selectFrom('ebook_pages')
      .select('page')
      .where('ebook_id', '=', book.id)
      .execute();
    expect(pages).toEqual([]);
    // The console's list flags it.
    const listed = await as<Page<AdminEbookRow>>(editor, 'GET', '/api/admin/ebooks?q=老照片扫描本');
    expect(listed.data.list.map((row) => [row.title, row.textState])).toEqual([
      ['老照片扫描本', 'scanned'],
    ]);
  });
});
