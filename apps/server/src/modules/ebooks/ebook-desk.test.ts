import { execFileSync } from 'node:child_process';
import {
  type AdminEbook,
  type AdminEbookChoices,
  type AdminEbookFormInput,
  type AdminEbookRow,
  type AdminPdfUpload,
  type AuditEntry,
  type EbookDetail,
  type EbookSummary,
  ErrorCode,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import {
  adminCall,
  adminUpload,
  createOperator,
  reviewStep,
} from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';

/** Whether poppler's `pdftoppm` is on this machine (CI installs it: `.ci/run`). */
const HAS_PDFTOPPM = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A real PDF of `pages` pages, each with a line of text; `encrypt` marks it encrypted. */
async function makePdf(pages: number, encrypt = false): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    pdf.addPage([420, 595]).drawText(`Page ${n}`, { x: 60, y: 500, size: 32, font });
  }
  if (encrypt) {
    // What an encrypted file's trailer carries: pdf-lib refuses to open it.
    pdf.context.trailerInfo.Encrypt = pdf.context.obj({ Filter: 'Standard', V: 2, R: 3 });
  }
  return Buffer.from(await pdf.save());
}

describeEachEngine('the console’s e-books: the PDF, its cover and review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let choices: AdminEbookChoices;
  let threePages: Buffer;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phone = async <T>(url: string) =>
    body<T>(await app.inject({ url, headers: { 'x-site': SITE } }));
  const upload = (who: TestLearner, name: string, content: Buffer) =>
    adminUpload<AdminPdfUpload>(app, who.token, SITE, '/api/admin/uploads/pdf', {
      name,
      content,
      type: 'application/pdf',
    });
  const form = (title: string, pdf: AdminPdfUpload | null): AdminEbookFormInput => ({
    categoryId: choices.categories[0]?.id ?? 0,
    title,
    author: '林静',
    publisher: '上海教育出版社',
    publishedYear: 2024,
    isbn: '978-7-5444-9999-6',
    introduction: '第一段。\r\n\r\n\r\n第二段。  ',
    pdfUrl: pdf?.url ?? null,
    // The client's numbers: the server reads its own from the file.
    pageCount: 99,
    fileSize: 1,
    cover: pdf?.cover ?? '/files/covers/ebook-jingan-001.svg',
  });
  const step = (who: TestLearner, action: string, ebook: AdminEbook) =>
    reviewStep(app, who.token, SITE, 'ebooks', action, ebook);
  const publish = async (title: string) => {
    const pdf = (await upload(editor, `${title}.pdf`, threePages)).data;
    const created = await as<AdminEbook>(
      editor,
      'POST',
      '/api/admin/ebooks/create',
      form(title, pdf),
    );
    expect(created.code, created.message).toBe(0);
    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    choices = (await as<AdminEbookChoices>(editor, 'GET', '/api/admin/ebooks/choices')).data;
    threePages = await makePdf(3);
  });

  describe('POST /api/admin/uploads/pdf', () => {
    it('keeps a PDF in the site’s folder, served with ranges, with its pages and a cover of page 1', async () => {
      const uploaded = await upload(editor, '社区读本.pdf', threePages);
      expect(uploaded.code, uploaded.message).toBe(0);
      expect(uploaded.data).toMatchObject({ bytes: threePages.length, pageCount: 3 });
      expect(uploaded.data.url).toMatch(/^\/files\/admin\/jingan\/[A-Za-z0-9_-]{22}\.pdf$/);
      const range = await app.inject({ url: uploaded.data.url, headers: { range: 'bytes=0-99' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-type']).toBe('application/pdf');
      expect(range.rawPayload.equals(threePages.subarray(0, 100))).toBe(true);
      if (HAS_PDFTOPPM) {
        expect(uploaded.data.cover).toMatch(
          /^\/files\/admin\/jingan\/[A-Za-z0-9_-]{22}\.w\d+\.webp$/,
        );
        const cover = await app.inject({ url: uploaded.data.cover ?? '' });
        expect(cover.statusCode).toBe(200);
        expect(cover.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      } else {
        expect(uploaded.data.cover).toBeNull();
      }
      const log = await as<Page<AuditEntry>>(reviewer, 'GET', '/api/admin/audit?entity=upload');
      expect(JSON.stringify(log.data.list[0])).toContain(uploaded.data.url);
    });

    it('keeps the PDF without a cover when poppler is not on the machine', async () => {
      const path = process.env.PATH;
      // No `pdftoppm` to be found: the operator uploads a cover instead.
      process.env.PATH = '';
      try {
        const uploaded = await upload(editor, '无封面.pdf', threePages);
        expect(uploaded.code, uploaded.message).toBe(0);
        expect(uploaded.data).toMatchObject({ pageCount: 3, cover: null });
      } finally {
        process.env.PATH = path;
      }
    });

    it('refuses by content a file that is not a PDF, an encrypted one and a broken one', async () => {
      const fake = await upload(
        editor,
        '电子书.pdf',
        Buffer.from('MZ not a PDF whatever the name'),
      );
      expect(fake).toMatchObject({
        code: ErrorCode.invalid,
        message: 'PDF 文件：只能上传 PDF 文件',
      });
      const locked = await upload(editor, '加密.pdf', await makePdf(2, true));
      expect(locked).toMatchObject({
        code: ErrorCode.invalid,
        message: 'PDF 文件：文件已加密，学员无法阅读，请上传未加密的 PDF',
      });
      const broken = await upload(
        editor,
        '损坏.pdf',
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41)]),
      );
      expect(broken).toMatchObject({
        code: ErrorCode.invalid,
        message: 'PDF 文件：文件已损坏或无法打开，请换一个',
      });
      const reviewerUpload = await upload(reviewer, '审核员.pdf', threePages);
      expect(reviewerUpload.code).toBe(ErrorCode.forbidden);
    });
  });

  it('keeps a new e-book from the phone until it is approved, then lists it and serves its PDF', async () => {
    const pdf = (await upload(editor, '家门口的学习.pdf', threePages)).data;
    const created = await as<AdminEbook>(
      editor,
      'POST',
      '/api/admin/ebooks/create',
      form('家门口的学习', pdf),
    );
    expect(created.code, created.message).toBe(0);
    // Pages and size are the file's; the introduction is plain paragraphs.
    expect(created.data).toMatchObject({
      status: 'draft',
      pageCount: 3,
      fileSize: threePages.length,
      introduction: '第一段。\n\n第二段。',
    });
    expect((await phone(`/api/ebooks/detail?id=${created.data.id}`)).code).toBe(ErrorCode.notFound);
    const submitted = await step(editor, 'submit', created.data);
    const own = await step(editor, 'approve', submitted.data);
    expect(own.code).toBe(ErrorCode.forbidden);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.data.status).toBe('published');

    const list = await phone<Page<EbookSummary>>('/api/ebooks?size=5');
    expect(list.data.list[0]).toMatchObject({
      id: created.data.id,
      title: '家门口的学习',
      author: '林静',
      pageCount: 3,
    });
    const detail = await phone<EbookDetail>(`/api/ebooks/detail?id=${created.data.id}`);
    expect(detail.data).toMatchObject({
      pdfUrl: pdf.url,
      fileSize: threePages.length,
      isbn: '978-7-5444-9999-6',
      publishedYear: 2024,
    });
    const read = await app.inject({ url: detail.data.pdfUrl, headers: { range: 'bytes=-1024' } });
    expect(read.statusCode).toBe(206);
    expect(read.headers['content-range']).toBe(
      `bytes ${threePages.length - 1024}-${threePages.length - 1}/${threePages.length}`,
    );
    const whole = await app.inject({ url: detail.data.pdfUrl });
    expect((await PDFDocument.load(whole.rawPayload)).getPageCount()).toBe(3);
  });

  it('refuses to publish an e-book without its PDF or its cover', async () => {
    const noPdf = await as<AdminEbook>(editor, 'POST', '/api/admin/ebooks/create', {
      ...form('还没有 PDF 的书', null),
    });
    expect(noPdf.code, noPdf.message).toBe(0);
    expect(noPdf.data).toMatchObject({ pdfUrl: null, pageCount: 0, fileSize: 0 });
    const sent = await step(editor, 'submit', noPdf.data);
    expect(await step(reviewer, 'approve', sent.data)).toMatchObject({
      code: ErrorCode.conflict,
      message: '电子书还没有上传 PDF 文件，不能发布',
    });
    const pdf = (await upload(editor, '无封面.pdf', threePages)).data;
    const noCover = await as<AdminEbook>(editor, 'POST', '/api/admin/ebooks/create', {
      ...form('还没有封面的书', pdf),
      cover: null,
    });
    const waiting = await step(editor, 'submit', noCover.data);
    expect((await step(reviewer, 'approve', waiting.data)).message).toBe(
      '电子书还没有封面，不能发布',
    );
  });

  it('keeps the live e-book while an edit waits, lists the edit as waiting, then shows it', async () => {
    const live = await publish('社区防诈骗手册');
    const edited = await as<AdminEbook>(editor, 'POST', '/api/admin/ebooks/update', {
      ...form('社区防诈骗手册（修订版）', null),
      pdfUrl: live.pdfUrl,
      cover: live.cover,
      id: live.id,
      version: live.version,
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
    expect(edited.data.live?.title).toBe('社区防诈骗手册');
    const before = await phone<EbookDetail>(`/api/ebooks/detail?id=${live.id}`);
    expect(before.data.title).toBe('社区防诈骗手册');

    const submitted = await step(editor, 'submit', edited.data);
    const queue = await as<Page<AdminEbookRow>>(
      reviewer,
      'GET',
      '/api/admin/ebooks?status=pending&q=防诈骗',
    );
    expect(queue.data.list.find((row) => row.id === live.id)).toMatchObject({
      title: '社区防诈骗手册（修订版）',
      status: 'published',
      editStatus: 'pending',
      pageCount: 3,
    });
    expect((await phone<EbookDetail>(`/api/ebooks/detail?id=${live.id}`)).data.title).toBe(
      '社区防诈骗手册',
    );
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    expect((await phone<EbookDetail>(`/api/ebooks/detail?id=${live.id}`)).data.title).toBe(
      '社区防诈骗手册（修订版）',
    );
  });

  it('opens an imported e-book and saves an edit of it with the demo PDF it has', async () => {
    const seeded = await app.database.db
      .selectFrom('ebooks')
      .select('id')
      .where('site_key', '=', SITE)
      .where('author_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const opened = await as<AdminEbook>(editor, 'GET', `/api/admin/ebooks/detail?id=${seeded.id}`);
    expect(opened.code, opened.message).toBe(0);
    expect(opened.data.pdfUrl).toMatch(/^\/files\/ebooks\/jingan-\d{3}\.pdf$/);
    const { id, version, categoryId, title, author, pdfUrl, cover, publishedYear } = opened.data;
    const saved = await as<AdminEbook>(editor, 'POST', '/api/admin/ebooks/update', {
      id,
      version,
      categoryId,
      title: `${title}（导入）`,
      author,
      publishedYear,
      isbn: '',
      pdfUrl,
      cover,
    });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({
      edit: { status: 'draft' },
      pageCount: opened.data.pageCount,
      fileSize: opened.data.fileSize,
    });
  });

  it('lists by status, category and title or author words', async () => {
    const [first, second] = choices.categories;
    if (!first || !second) throw new Error('no categories');
    const pdf = (await upload(editor, '筛选.pdf', threePages)).data;
    const made = await as<AdminEbook>(editor, 'POST', '/api/admin/ebooks/create', {
      ...form('筛选用的书', pdf),
      categoryId: second.id,
      author: '欧阳筛选',
    });
    const byAuthor = await as<Page<AdminEbookRow>>(editor, 'GET', '/api/admin/ebooks?q=欧阳筛');
    expect(byAuthor.data.list.map((row) => row.id)).toEqual([made.data.id]);
    expect(byAuthor.data.list[0]).toMatchObject({ categoryName: second.name, author: '欧阳筛选' });
    const otherCategory = await as<Page<AdminEbookRow>>(
      editor,
      'GET',
      `/api/admin/ebooks?q=筛选用&categoryId=${first.id}`,
    );
    expect(otherCategory.data.total).toBe(0);
    const drafts = await as<Page<AdminEbookRow>>(editor, 'GET', '/api/admin/ebooks?status=draft');
    expect(drafts.data.list[0]?.id).toBe(made.data.id);
    const published = await as<Page<AdminEbookRow>>(
      editor,
      'GET',
      '/api/admin/ebooks?status=published&size=50',
    );
    expect(published.data.list.every((row) => row.status === 'published')).toBe(true);
    expect(published.data.list.some((row) => row.id === made.data.id)).toBe(false);
  });

  it('refuses a bad ISBN, another site’s PDF or category, a missing file and a stale version, writing nothing', async () => {
    const pdf = (await upload(editor, '拒绝.pdf', threePages)).data;
    const draft = await as<AdminEbook>(
      editor,
      'POST',
      '/api/admin/ebooks/create',
      form('拒绝的修改', pdf),
    );
    const count = async () =>
      Number(
        (
          await app.database.db
            .selectFrom('ebooks')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await count();
    const update = (changes: Partial<AdminEbookFormInput> & { version?: number }) =>
      as(editor, 'POST', '/api/admin/ebooks/update', {
        ...form('不该写入', pdf),
        id: draft.data.id,
        version: draft.data.version,
        ...changes,
      });
    expect(await update({ isbn: '978-7-5444-9999-1' })).toMatchObject({
      code: ErrorCode.invalid,
      message: 'ISBN：校验位不正确，请核对',
    });
    expect(await update({ isbn: '12345' })).toMatchObject({
      code: ErrorCode.invalid,
      message: 'ISBN：请填写 10 位或以 978、979 开头的 13 位 ISBN',
    });
    expect((await update({ title: '  ' })).message).toBe('书名：不能为空');
    expect((await update({ publishedYear: 1800 })).message).toBe('出版年份：不能早于 1900 年');
    const otherCategory = await app.database.db
      .selectFrom('ebook_categories')
      .select('id')
      .where('site_key', '<>', SITE)
      .executeTakeFirstOrThrow();
    expect(await update({ categoryId: otherCategory.id })).toMatchObject({
      code: ErrorCode.invalid,
      message: '电子书分类：本站没有这个分类',
    });
    expect((await update({ pdfUrl: '/files/ebooks/xuhui-001.pdf' })).message).toBe(
      'PDF 文件：不是本站上传的文件，请重新上传',
    );
    expect((await update({ pdfUrl: '/files/admin/jingan/missing.pdf' })).message).toBe(
      'PDF 文件：文件不存在，请重新上传',
    );
    expect((await update({ pdfUrl: '/files/covers/x.svg' })).message).toBe(
      'PDF 文件：不是本站上传的文件，请重新上传',
    );
    const stale = await update({ title: '过期的版本', version: draft.data.version + 5 });
    expect(stale).toMatchObject({
      code: ErrorCode.conflict,
      message: '已被他人修改，请刷新后再改',
    });
    const refusedCreate = await as(editor, 'POST', '/api/admin/ebooks/create', {
      ...form('不该新建', pdf),
      isbn: '7-5444-0000-1',
    });
    expect(refusedCreate.code).toBe(ErrorCode.invalid);
    expect(await count()).toBe(rows);
    const now = await as<AdminEbook>(editor, 'GET', `/api/admin/ebooks/detail?id=${draft.data.id}`);
    expect(now.data).toMatchObject({ title: '拒绝的修改', version: draft.data.version });
    // An ISBN-10 with its check digit X is one.
    const isbn10 = await update({ title: '拒绝的修改', isbn: '0-8044-2957-x' });
    expect(isbn10.code, isbn10.message).toBe(0);
  });
});
