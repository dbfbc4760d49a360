import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

/*
 * Search inside an e-book, as a new operator would try it: the demo editor uploads a 100-page
 * PDF and the reviewer publishes the book (through the console's API); the server reads its text
 * page by page in the background; on a phone, searching a phrase of page 37 finds the book with
 * that page named, and tapping the hit opens the reader at page 37.
 */

const suite = phoneSuite();
const url = suite.url;
const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const PHRASE = 'harbour evening classes';
const TITLE = '滨江夜校读本';
const PAGES = 100;

/** A real 100-page PDF whose page 37 alone holds {@link PHRASE}. */
async function makeBook(): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n += 1) {
    const page = pdf.addPage([420, 595]);
    page.drawText(`Page ${n} of a reader about learning in the city.`, {
      x: 40,
      y: 520,
      size: 11,
      font,
    });
    if (n === 37) page.drawText(`The ${PHRASE} by the river.`, { x: 40, y: 480, size: 11, font });
  }
  return new Uint8Array(await pdf.save());
}

/** Calls the console's API as `login`; answers `data`, failing on a refusal. */
async function admin<T>(login: Login, path: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(url(path), {
    ...init,
    headers: { 'x-site': 'jingan', authorization: `Bearer ${login.token}`, ...init.headers },
  });
  const body = (await answer.json()) as { code: number; message: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
  return body.data;
}
const post = <T>(login: Login, path: string, json: unknown) =>
  admin<T>(login, path, {
    method: 'POST',
    body: JSON.stringify(json),
    headers: { 'content-type': 'application/json' },
  });

interface Ebook {
  id: number;
  version: number;
}

/** The book published through the console, its text not yet read. */
async function publishBook(): Promise<number> {
  const base = suite.portal.baseUrl;
  const [editor, reviewer] = await Promise.all([apiLogin(base, EDITOR), apiLogin(base, REVIEWER)]);
  const form = new FormData();
  form.append('file', new Blob([await makeBook()], { type: 'application/pdf' }), '夜校读本.pdf');
  const pdf = await admin<{ url: string; bytes: number; pageCount: number; cover: string | null }>(
    editor,
    '/api/admin/uploads/pdf',
    { method: 'POST', body: form },
  );
  const choices = await admin<{ categories: { id: number }[] }>(
    editor,
    '/api/admin/ebooks/choices',
  );
  const created = await post<Ebook>(editor, '/api/admin/ebooks/create', {
    categoryId: choices.categories[0]?.id,
    title: TITLE,
    author: '滨江社区学校',
    publisher: '静安学习网',
    publishedYear: 2025,
    isbn: '',
    introduction: '夜校的一百页读本。',
    pdfUrl: pdf.url,
    pageCount: pdf.pageCount,
    fileSize: pdf.bytes,
    cover: pdf.cover ?? '/files/covers/ebook-jingan-001.svg',
  });
  const submitted = await post<Ebook>(editor, '/api/admin/ebooks/submit', {
    id: created.id,
    version: created.version,
  });
  await post<Ebook>(reviewer, '/api/admin/ebooks/approve', {
    id: submitted.id,
    version: submitted.version,
  });
  return created.id;
}

describe('search inside an e-book', () => {
  it('finds a phrase of page 37 and opens the reader there', async () => {
    const id = await publishBook();
    // The text is read in the background: the search finds it once the job is done.
    await expect
      .poll(
        async () => {
          const answer = await fetch(url(`/api/search?q=${encodeURIComponent(PHRASE)}`), {
            headers: { 'x-site': 'jingan' },
          });
          const { data } = (await answer.json()) as {
            data: { list: { id: number; inside: { page: number } | null }[] };
          };
          return data.list.find((hit) => hit.id === id)?.inside?.page;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(37);

    const { page }: { page: Page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    await page.goto(url('/searchPage'));
    await page.getByRole('searchbox', { name: '搜索内容' }).fill(PHRASE);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL(/\/searchResult\?q=/);
    const hit = page.locator('.search-card', { hasText: TITLE });
    await hit.waitFor();
    expect(await hit.locator('.search-card-page').textContent()).toBe('第 37 页');
    expect(await hit.locator('.search-card-inside mark').textContent()).toBe(PHRASE);
    await hit.click();
    await page.waitForURL(url(`/ebookContent?id=${id}&page=37`));
    const indicator = page.locator('.pdf-page-indicator');
    await expect
      .poll(() => indicator.textContent(), { timeout: 20_000 })
      .toBe(`第 37 / ${PAGES} 页`);
    await expect
      .poll(() => page.locator('.pdf-page[data-page-number="37"]').getAttribute('data-rendered'))
      .toBe('true');
  });
});
