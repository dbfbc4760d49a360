import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

/** The seed's docs PDF (apps/server/src/seed/ebooks.ts, DEMO_DOC_URL). */
const DOC_PATH = '/files/docs/学习指南.pdf';

async function api<T>(path: string, login?: Login): Promise<T> {
  const answer = await fetch(url(`/api${path}`), {
    headers: {
      'x-site': 'jingan',
      ...(login ? { authorization: `Bearer ${login.token}` } : {}),
    },
  });
  const body = (await answer.json()) as { code: number; message: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
  return body.data;
}

interface Book {
  id: number;
  title: string;
  pageCount: number;
  categoryId: number;
}

/** A fresh phone with a logged-in learner (a second learner keeps tests apart where needed). */
async function openLoggedIn(username = '13800000001') {
  ({ page } = await suite.open());
  const login = await apiLogin(suite.portal.baseUrl, username);
  await storeLogin(page, suite.portal.baseUrl, login);
  return login;
}

const cards = () => page.locator('.book-card');
const indicator = () => page.locator('.pdf-page-indicator');
const renderedPage = (n: number) => page.locator(`.pdf-page[data-page-number="${n}"]`);

describe('the e-book catalogue', () => {
  it('filters by category and keyword, and keeps its place after a book', async () => {
    await openLoggedIn();
    await page.goto(url('/moreEBook'));
    await cards().first().waitFor();
    const all = await api<{ total: number }>('/ebooks?page=1&size=1');
    await page.getByText(`共 ${all.total} 本`).waitFor();

    // A category chip filters the shelf and puts the category in the address.
    const categories =
      await api<{ id: number; name: string; count: number }[]>('/ebooks/categories');
    const category = categories[1];
    if (!category) throw new Error('the seed has fewer than two e-book categories');
    await page.getByRole('button', { name: new RegExp(`^${category.name}`) }).click();
    await page.waitForURL(url(`/moreEBook?categoryId=${category.id}`));
    await page.getByText(`共 ${category.count} 本`).waitFor();
    await expect.poll(() => cards().count()).toBe(category.count);

    // A keyword search (Enter) within the category.
    const inCategory = await api<{ list: Book[] }>(
      `/ebooks?categoryId=${category.id}&page=1&size=50`,
    );
    const wanted = inCategory.list[0];
    if (!wanted) throw new Error('empty category');
    const keyword = wanted.title.slice(0, 4);
    await page.getByPlaceholder('书名、作者或出版社').fill(keyword);
    await page.getByPlaceholder('书名、作者或出版社').press('Enter');
    await page.waitForURL(/keyword=/);
    await page.getByText(`“${keyword}”的搜索结果`).waitFor();
    await expect
      .poll(() => page.locator('.book-card-title').allTextContents())
      .toContain(wanted.title);

    // Open the book and come back: the kept-alive shelf keeps category and keyword.
    await page.locator('.book-card', { hasText: wanted.title }).click();
    await page.waitForURL(url(`/ebookDetails?id=${wanted.id}`));
    await page.getByRole('heading', { level: 1, name: wanted.title }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/moreEBook\?categoryId=\d+&keyword=/);
    expect(await page.getByPlaceholder('书名、作者或出版社').inputValue()).toBe(keyword);
    expect(
      await page
        .getByRole('button', { name: new RegExp(`^${category.name}`) })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // A keyword nothing matches: a designed empty state with a way back to everything.
    await page.getByPlaceholder('书名、作者或出版社').fill('没有这样的书名');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.getByRole('heading', { name: '没有找到相关的电子书' }).waitFor();
    await page.getByRole('button', { name: '看看全部电子书' }).click();
    await page.waitForURL(url('/moreEBook'));
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
  });

  it('shows a book with its facts, and a clear state for an unknown id', async () => {
    await openLoggedIn();
    const book = (await api<{ list: Book[] }>('/ebooks?page=1&size=1')).list[0];
    if (!book) throw new Error('no e-books in the seed');
    await page.goto(url(`/ebookDetails?id=${book.id}`));
    await page.getByRole('heading', { level: 1, name: book.title }).waitFor();
    await page.getByRole('heading', { name: '内容简介' }).waitFor();
    expect(await page.locator('.ebook-facts dt').allTextContents()).toEqual(
      expect.arrayContaining(['作者', '出版社', 'ISBN', '页数', '文件大小']),
    );
    await page.getByRole('link', { name: /^(开始阅读|继续阅读)$/ }).waitFor();

    for (const id of ['999999', 'abc']) {
      await page.goto(url(`/ebookDetails?id=${id}`));
      await page.getByRole('heading', { name: '电子书不存在或已下线' }).waitFor();
    }
  });
});

describe('the e-book reader', () => {
  it('jumps to a page, remembers it on the server and opens there again', async () => {
    const login = await openLoggedIn('13800000002');
    const books = await api<{ list: Book[] }>('/ebooks?page=1&size=50');
    const book = books.list.find((item) => item.pageCount >= 60);
    if (!book) throw new Error('the seed has no e-book of 60 pages or more');

    await page.goto(url(`/ebookDetails?id=${book.id}`));
    await page.getByRole('link', { name: /^(开始阅读|继续阅读)$/ }).click();
    await page.waitForURL(url(`/ebookContent?id=${book.id}`));
    await renderedPage(1).and(page.locator('[data-rendered="true"]')).waitFor();
    expect(await indicator().textContent()).toBe(`第 1 / ${book.pageCount} 页`);

    // The page jump checks its input.
    const jump = page.getByLabel('跳转到第几页');
    await jump.fill(String(book.pageCount + 1));
    await page.getByRole('button', { name: '跳转' }).click();
    await page
      .getByRole('alert')
      .getByText(`没有这一页，请输入 1 到 ${book.pageCount} 之间的页码`)
      .waitFor();

    await jump.fill('30');
    await page.getByRole('button', { name: '跳转' }).click();
    await expect.poll(() => indicator().textContent()).toBe(`第 30 / ${book.pageCount} 页`);
    await expect.poll(() => renderedPage(30).getAttribute('data-rendered')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(0);
    // Far-away pages are released (page 1's canvas is gone).
    await expect.poll(() => renderedPage(1).getAttribute('data-rendered')).toBeNull();

    // Leave for home: the page goes to the server.
    await page.waitForTimeout(1300);
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(url(`/ebookDetails?id=${book.id}`));
    await page.getByText('上次读到第 30 页').waitFor();
    await page.goto(url('/index/home'));
    await expect
      .poll(
        async () =>
          (
            await api<{ myProgress: { page: number } | null }>(
              `/ebooks/detail?id=${book.id}`,
              login,
            )
          ).myProgress?.page,
      )
      .toBe(30);

    // Back in the reader (a fresh load): it opens at page 30.
    await page.goto(url(`/ebookContent?id=${book.id}`));
    await expect.poll(() => renderedPage(30).getAttribute('data-rendered')).toBe('true');
    expect(await indicator().textContent()).toBe(`第 30 / ${book.pageCount} 页`);
    const top = await renderedPage(30).evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);

    // The study tab lists the book in 在读 with the page reached, and continues from there.
    await page.goto(url('/index/study?tab=reading'));
    const item = page.locator('.study-class').filter({ hasText: book.title });
    await item.getByText('读到第 30 页').waitFor();
    await item.getByRole('link', { name: `继续阅读：${book.title}` }).click();
    await page.waitForURL(url(`/ebookContent?id=${book.id}`));
    await expect.poll(() => renderedPage(30).getAttribute('data-rendered')).toBe('true');
  });

  it('zooms with the buttons, back to the screen width, and with a pinch', async () => {
    await openLoggedIn();
    const book = (await api<{ list: Book[] }>('/ebooks?page=1&size=1')).list[0];
    if (!book) throw new Error('no e-books in the seed');
    await page.goto(url(`/ebookContent?id=${book.id}`));
    await renderedPage(1).and(page.locator('[data-rendered="true"]')).waitFor();
    const width = () => renderedPage(1).evaluate((element) => element.clientWidth);
    const fitted = await width();
    await page.getByRole('button', { name: '放大' }).click();
    await expect.poll(width).toBeGreaterThan(fitted * 1.2);
    await page.getByRole('button', { name: '适应宽度' }).click();
    await expect.poll(width).toBe(fitted);
    await page.getByRole('button', { name: '缩小' }).click();
    await expect.poll(width).toBeLessThan(fitted);
    await page.getByRole('button', { name: '适应宽度' }).click();
    await expect.poll(width).toBe(fitted);

    // Pinch: two fingers spreading from 80 px to 240 px apart zoom the page three times.
    // Once the pages are drawn again (a busy page lets the emulated touches lapse).
    await page.waitForTimeout(500);
    const cdp = await page.context().newCDPSession(page);
    const fingers = (apart: number) => [
      { x: 195 - apart / 2, y: 400 },
      { x: 195 + apart / 2, y: 400 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(80) });
    for (let apart = 100; apart <= 240; apart += 20) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: fingers(apart),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(width).toBeGreaterThan(fitted * 2.9);
    // Drawn again at the new scale (sharper than the stretched canvas of the fitted page).
    await expect
      .poll(() =>
        renderedPage(1)
          .locator('canvas')
          .evaluate((canvas) => (canvas as HTMLCanvasElement).width),
      )
      .toBeGreaterThan(fitted * 2.5);
  });
});

describe('the PDF viewer at /pdf', () => {
  it('shows a document of this site', async () => {
    await openLoggedIn();
    await page.goto(url(`/pdf?url=${encodeURIComponent(DOC_PATH)}`));
    await renderedPage(1).and(page.locator('[data-rendered="true"]')).waitFor();
    await expect.poll(() => indicator().textContent()).toMatch(/^第 1 \/ \d+ 页$/);
  });

  it('refuses documents of other sites and addresses that are not documents', async () => {
    await openLoggedIn();
    for (const address of [
      'https://example.com/a.pdf',
      '//example.com/a.pdf',
      'javascript:alert(1)',
      'data:application/pdf;base64,JVBERi0=',
    ]) {
      await page.goto(url(`/pdf?url=${encodeURIComponent(address)}`));
      await page.getByRole('heading', { name: '只能打开本站的文档' }).waitFor();
      expect(await page.locator('.pdf-page').count()).toBe(0);
    }
  });

  it('explains a missing document', async () => {
    await openLoggedIn();
    await page.goto(url('/pdf?url=/files/docs/none.pdf'));
    await page.getByRole('heading', { name: '文档不存在或已被移除' }).waitFor();
    await page.getByRole('link', { name: '回到首页' }).waitFor();
  });
});
