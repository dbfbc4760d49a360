import type {
  EbookCategory,
  EbookDetail,
  EbookSummary,
  MyReading,
  Page,
  ReadingProgress,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createEbook, createEbookCategory } from '../../testing/ebook-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'ebooktest';
const DAY = 86_400_000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function get(app: FastifyInstance, url: string, token?: string, site = SITE) {
  return app.inject({ url, headers: { 'x-site': site, ...(token ? bearer(token) : {}) } });
}

function report(
  app: FastifyInstance,
  token: string | null,
  payload: Record<string, unknown>,
  site = SITE,
) {
  return app.inject({
    method: 'POST',
    url: '/api/ebooks/progress',
    headers: { 'x-site': site, ...(token ? bearer(token) : {}) },
    payload,
  });
}

describeEachEngine('e-books API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;
  const ids = {
    oldest: 0,
    percent: 0,
    underscore: 0,
    health: 0,
    newest: 0,
    draft: 0,
    otherSite: 0,
  };
  const categories = { family: 0, health: 0, empty: 0 };

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    // A site of its own, so the lists hold only the books these tests create.
    await db
      .insertInto('sites')
      .values({ key: SITE, name: '电子书测试学习网', sort: 9, created_at: Date.now() })
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 5, SITE);
    categories.family = await createEbookCategory(db, { siteKey: SITE, name: '家庭教育', sort: 1 });
    categories.health = await createEbookCategory(db, { siteKey: SITE, name: '健康养生', sort: 2 });
    categories.empty = await createEbookCategory(db, { siteKey: SITE, name: '空分类', sort: 3 });
    const now = Date.now();
    const book = (title: string, extra: Parameters<typeof createEbook>[1] = {}) =>
      createEbook(db, { site_key: SITE, title, category_id: categories.family, ...extra });
    ids.oldest = await book('好父母胜过好老师', { created_at: now - 5 * DAY, author: '李明' });
    ids.percent = await book('100%家长必读', { created_at: now - 4 * DAY, page_count: 40 });
    ids.underscore = await book('亲子_沟通手册', { created_at: now - 3 * DAY });
    ids.health = await book('四季养生', {
      created_at: now - 2 * DAY,
      category_id: categories.health,
      publisher: '上海科学技术出版社',
    });
    ids.newest = await book('陪孩子走过青春期', { created_at: now - DAY, page_count: 120 });
    ids.draft = await book('未上线的书', { created_at: now, published: 0 });
    ids.otherSite = await createEbook(db, { site_key: 'xuhui', title: '徐汇的书' });
  });

  describe('GET /api/ebooks/categories', () => {
    it('lists the categories in order with their published e-books', async () => {
      const response = await get(ctx().app, '/api/ebooks/categories');
      expect(response.statusCode).toBe(200);
      const { code, data } = body<EbookCategory[]>(response);
      expect(code).toBe(0);
      expect(data).toEqual([
        { id: categories.family, name: '家庭教育', count: 4 },
        { id: categories.health, name: '健康养生', count: 1 },
        { id: categories.empty, name: '空分类', count: 0 },
      ]);
    });
  });

  describe('GET /api/ebooks', () => {
    const list = (query: string) => get(ctx().app, `/api/ebooks?${query}`);

    it('answers the published e-books of the site, newest first, with their cards', async () => {
      const { code, data } = body<Page<EbookSummary>>(await list('page=1&size=20'));
      expect(code).toBe(0);
      expect(data.total).toBe(5);
      expect(data.list.map((item) => item.id)).toEqual([
        ids.newest,
        ids.health,
        ids.underscore,
        ids.percent,
        ids.oldest,
      ]);
      expect(data.list[0]).toEqual({
        id: ids.newest,
        title: '陪孩子走过青春期',
        cover: '/files/covers/test-ebook.svg',
        author: '张三',
        publisher: '测试出版社',
        categoryId: categories.family,
        categoryName: '家庭教育',
        pageCount: 120,
      });
    });

    it('pages the list', async () => {
      const first = body<Page<EbookSummary>>(await list('page=1&size=2')).data;
      const third = body<Page<EbookSummary>>(await list('page=3&size=2')).data;
      const beyond = body<Page<EbookSummary>>(await list('page=4&size=2')).data;
      expect(first).toMatchObject({ total: 5, page: 1, size: 2 });
      expect(first.list.map((item) => item.id)).toEqual([ids.newest, ids.health]);
      expect(third.list.map((item) => item.id)).toEqual([ids.oldest]);
      expect(beyond).toEqual({ list: [], total: 5, page: 4, size: 2 });
    });

    it('filters by category', async () => {
      const { data } = body<Page<EbookSummary>>(await list(`categoryId=${categories.health}`));
      expect(data.total).toBe(1);
      expect(data.list.map((item) => item.id)).toEqual([ids.health]);
      const empty = body<Page<EbookSummary>>(await list(`categoryId=${categories.empty}`));
      expect(empty.data).toMatchObject({ list: [], total: 0 });
    });

    it('matches the keyword in the title, the author or the publisher', async () => {
      const byTitle = body<Page<EbookSummary>>(await list(`keyword=${encodeURIComponent('青春')}`));
      expect(byTitle.data.list.map((item) => item.id)).toEqual([ids.newest]);
      const byAuthor = body<Page<EbookSummary>>(
        await list(`keyword=${encodeURIComponent('李明')}`),
      );
      expect(byAuthor.data.list.map((item) => item.id)).toEqual([ids.oldest]);
      const byPublisher = body<Page<EbookSummary>>(
        await list(`keyword=${encodeURIComponent('科学技术')}`),
      );
      expect(byPublisher.data.list.map((item) => item.id)).toEqual([ids.health]);
      const combined = body<Page<EbookSummary>>(
        await list(`keyword=${encodeURIComponent('青春')}&categoryId=${categories.health}`),
      );
      expect(combined.data.total).toBe(0);
    });

    it('takes % and _ in the keyword literally', async () => {
      const percent = body<Page<EbookSummary>>(await list(`keyword=${encodeURIComponent('%')}`));
      expect(percent.data.list.map((item) => item.id)).toEqual([ids.percent]);
      const underscore = body<Page<EbookSummary>>(await list(`keyword=${encodeURIComponent('_')}`));
      expect(underscore.data.list.map((item) => item.id)).toEqual([ids.underscore]);
      const backslash = body<Page<EbookSummary>>(await list(`keyword=${encodeURIComponent('\\')}`));
      expect(backslash.data.total).toBe(0);
    });

    it('leaves out unpublished books and other sites', async () => {
      const { data } = body<Page<EbookSummary>>(await list('size=50'));
      const listed = data.list.map((item) => item.id);
      expect(listed).not.toContain(ids.draft);
      expect(listed).not.toContain(ids.otherSite);
    });

    it('answers 400 for a bad page size, category or an overlong keyword', async () => {
      for (const query of ['size=51', 'page=0', 'categoryId=abc', `keyword=${'书'.repeat(51)}`]) {
        const { code } = body(await list(encodeURI(query)));
        expect(code, query).toBe(400);
      }
    });
  });

  describe('GET /api/ebooks/detail', () => {
    const detail = (id: number | string, token?: string, site = SITE) =>
      get(ctx().app, `/api/ebooks/detail?id=${id}`, token, site);

    it('answers the book with its PDF and no progress for a visitor', async () => {
      const { code, data } = body<EbookDetail>(await detail(ids.newest));
      expect(code).toBe(0);
      expect(data).toMatchObject({
        id: ids.newest,
        title: '陪孩子走过青春期',
        introduction: '测试电子书简介',
        publishedYear: 2024,
        isbn: '978-7-5000-00000-0',
        pdfUrl: '/files/ebooks/test.pdf',
        fileSize: 1024,
        pageCount: 120,
        categoryName: '家庭教育',
        myProgress: null,
      });
    });

    it("answers the learner's progress once they read, and none to others", async () => {
      const before = body<EbookDetail>(await detail(ids.newest, learner(0).token));
      expect(before.data.myProgress).toBeNull();
      expect(
        body(await report(ctx().app, learner(0).token, { ebookId: ids.newest, page: 30 })).code,
      ).toBe(0);
      const after = body<EbookDetail>(await detail(ids.newest, learner(0).token));
      expect(after.data.myProgress).toMatchObject({
        ebookId: ids.newest,
        page: 30,
        pageCount: 120,
        percent: 25,
      });
      expect(
        body<EbookDetail>(await detail(ids.newest, learner(1).token)).data.myProgress,
      ).toBeNull();
      // A bad token is a visitor here, not an error.
      expect(body<EbookDetail>(await detail(ids.newest, 'not-a-token')).data.myProgress).toBeNull();
    });

    it("answers 404 for unknown, unpublished and other sites' books", async () => {
      for (const id of [999_999, ids.draft, ids.otherSite]) {
        const { code, message } = body(await detail(id as number));
        expect(code, String(id)).toBe(404);
        expect(message).toBe('电子书不存在或已下线');
      }
      expect(body(await detail(ids.newest, undefined, 'jingan')).code).toBe(404);
    });

    it('answers 400 for an id that is not a positive integer', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '']) {
        expect(body(await detail(id)).code, id).toBe(400);
      }
    });
  });

  describe('POST /api/ebooks/progress', () => {
    const readingRows = (userId: number) =>
      ctx()
        .app.database.db.selectFrom('ebook_reading')
        .select(['ebook_id', 'page'])
        .where('user_id', '=', userId)
        .execute();

    it('asks a visitor to log in (301)', async () => {
      const { code } = body(await report(ctx().app, null, { ebookId: ids.percent, page: 1 }));
      expect(code).toBe(301);
      expect(body(await report(ctx().app, 'expired', { ebookId: ids.percent, page: 1 })).code).toBe(
        301,
      );
    });

    it('stores the page and answers the progress; a later report replaces it', async () => {
      const { app } = ctx();
      const first = body<ReadingProgress>(
        await report(app, learner(2).token, { ebookId: ids.percent, page: 10 }),
      );
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({
        ebookId: ids.percent,
        page: 10,
        pageCount: 40,
        percent: 25,
      });
      expect(Date.parse(first.data.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
      const back = body<ReadingProgress>(
        await report(app, learner(2).token, { ebookId: ids.percent, page: '4' }),
      );
      expect(back.data).toMatchObject({ page: 4, percent: 10 });
      const last = body<ReadingProgress>(
        await report(app, learner(2).token, { ebookId: ids.percent, page: 40 }),
      );
      expect(last.data).toMatchObject({ page: 40, percent: 100 });
      expect(await readingRows(learner(2).id)).toEqual([{ ebook_id: ids.percent, page: 40 }]);
    });

    it('answers 400 naming the page count for a page beyond the book, storing nothing', async () => {
      const { code, message } = body(
        await report(ctx().app, learner(3).token, { ebookId: ids.percent, page: 41 }),
      );
      expect(code).toBe(400);
      expect(message).toBe('页码超出范围，本书共 40 页');
      expect(await readingRows(learner(3).id)).toEqual([]);
    });

    it('answers 400 for a page that is not a positive integer', async () => {
      for (const page of [0, -1, 1.5, 'abc', null]) {
        const { code } = body(
          await report(ctx().app, learner(3).token, { ebookId: ids.percent, page }),
        );
        expect(code, String(page)).toBe(400);
      }
      expect(body(await report(ctx().app, learner(3).token, { page: 1 })).code).toBe(400);
      expect(await readingRows(learner(3).id)).toEqual([]);
    });

    it("answers 404 for unknown, unpublished and other sites' books", async () => {
      for (const ebookId of [999_999, ids.draft, ids.otherSite]) {
        const { code, message } = body(
          await report(ctx().app, learner(3).token, { ebookId, page: 1 }),
        );
        expect(code).toBe(404);
        expect(message).toBe('电子书不存在或已下线');
      }
      expect(await readingRows(learner(3).id)).toEqual([]);
    });
  });

  describe('GET /api/ebooks/reading', () => {
    it('asks a visitor to log in (301)', async () => {
      expect(body(await get(ctx().app, '/api/ebooks/reading')).code).toBe(301);
    });

    it('lists the books the learner opened, the latest read first, with progress', async () => {
      const { app } = ctx();
      const token = learner(1).token;
      await report(app, token, { ebookId: ids.oldest, page: 5 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await report(app, token, { ebookId: ids.health, page: 20 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await report(app, token, { ebookId: ids.oldest, page: 6 });
      const { code, data } = body<Page<MyReading>>(await get(app, '/api/ebooks/reading', token));
      expect(code).toBe(0);
      expect(data.total).toBe(2);
      expect(data.list.map((item) => [item.id, item.progress.page])).toEqual([
        [ids.oldest, 6],
        [ids.health, 20],
      ]);
      expect(data.list[1]).toMatchObject({
        title: '四季养生',
        categoryName: '健康养生',
        progress: { ebookId: ids.health, page: 20, pageCount: 20, percent: 100 },
      });
      const second = body<Page<MyReading>>(
        await get(app, '/api/ebooks/reading?page=2&size=1', token),
      );
      expect(second.data.list.map((item) => item.id)).toEqual([ids.health]);
    });

    it("leaves out books withdrawn since, and other sites' reading", async () => {
      const { app } = ctx();
      const token = learner(1).token;
      const { db } = app.database;
      await db.updateTable('ebooks').set({ published: 0 }).where('id', '=', ids.health).execute();
      try {
        const { data } = body<Page<MyReading>>(await get(app, '/api/ebooks/reading', token));
        expect(data.list.map((item) => item.id)).toEqual([ids.oldest]);
        const elsewhere = body<Page<MyReading>>(
          await get(app, '/api/ebooks/reading', token, 'jingan'),
        );
        expect(elsewhere.data.total).toBe(0);
      } finally {
        await db.updateTable('ebooks').set({ published: 1 }).where('id', '=', ids.health).execute();
      }
    });
  });

  describe('POST /api/study/ebook-progress and GET /api/study/ebooks (reading lives under study)', () => {
    it('records and lists reading as the first paths do, which still answer the same', async () => {
      const { app } = ctx();
      const token = learner(4).token;
      const sent = await app.inject({
        method: 'POST',
        url: '/api/study/ebook-progress',
        headers: { 'x-site': SITE, ...bearer(token) },
        payload: { ebookId: ids.health, page: 7 },
      });
      expect(body(sent)).toMatchObject({ code: 0, data: { ebookId: ids.health, page: 7 } });
      const viaStudy = body<Page<MyReading>>(await get(app, '/api/study/ebooks', token));
      const viaEbooks = body<Page<MyReading>>(await get(app, '/api/ebooks/reading', token));
      expect(viaStudy.data.list.map((item) => [item.id, item.progress.page])).toEqual([
        [ids.health, 7],
      ]);
      expect(viaEbooks).toEqual(viaStudy);
      const visitor = await app.inject({
        method: 'POST',
        url: '/api/study/ebook-progress',
        headers: { 'x-site': SITE },
        payload: { ebookId: ids.health, page: 'x' },
      });
      expect(body(visitor).code).toBe(301);
    });
  });

  describe('the seeded PDFs under /files', () => {
    it('serves a range of an e-book PDF: 206, Content-Range, the first bytes of a PDF', async () => {
      const { app } = ctx();
      const listed = body<Page<EbookSummary>>(
        await get(app, '/api/ebooks?size=1', undefined, 'jingan'),
      );
      const first = listed.data.list[0] as EbookSummary;
      const { data: book } = body<EbookDetail>(
        await get(app, `/api/ebooks/detail?id=${first.id}`, undefined, 'jingan'),
      );
      expect(book.pdfUrl).toMatch(/^\/files\/ebooks\/jingan-001\.pdf$/);
      const response = await app.inject({
        url: book.pdfUrl,
        headers: { range: 'bytes=0-1023', 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-range']).toBe(`bytes 0-1023/${book.fileSize}`);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.length).toBe(1024);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The tail, where pdf.js starts: the cross-reference table and the trailer.
      const tail = await app.inject({ url: book.pdfUrl, headers: { range: 'bytes=-2048' } });
      expect(tail.statusCode).toBe(206);
      const text = tail.rawPayload.toString('latin1');
      expect(text).toContain('startxref');
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

      const whole = await app.inject({ url: book.pdfUrl });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.length).toBe(book.fileSize);
      const pdf = await PDFDocument.load(whole.rawPayload, { updateMetadata: false });
      expect(pdf.getPageCount()).toBe(book.pageCount);
      expect(pdf.getTitle()).toBe(book.title);
    });

    it('serves the demo document for the generic viewer', async () => {
      const response = await ctx().app.inject({
        url: `/files/docs/${encodeURIComponent('学习指南')}.pdf`,
        headers: { range: 'bytes=0-99' },
      });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
