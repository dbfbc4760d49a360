/**
 * How long a learner waits for the first page of a 100-page e-book: opens /ebookContent?id= in a
 * phone-emulated Chromium (a fresh profile each run, so nothing is cached) and measures the time
 * from navigation start to the viewer's `pdf-first-page` mark (set when the first page's canvas
 * is drawn), on a 4G-like link (9 Mbit/s down, 40 ms round trip) and unthrottled. Prints the
 * median of 5 runs and the PDF bytes fetched before the first page showed (range requests: far
 * less than the file).
 *
 * Run: `npm run bench:pdf` (builds the web app into a temporary folder unless WEB_DIST_DIR names
 * a build). RUNS=n changes the number of runs.
 */
import type { Browser } from 'playwright-core';
import { apiLogin, type Login } from '../e2e/harness.ts';
import { CONDITIONS, type Condition, median, phonePage, withPortal } from './bench-support.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const PAGE_COUNT = 100;

async function findBook(baseUrl: string): Promise<{ id: number; title: string; pdfUrl: string }> {
  for (let page = 1; page <= 20; page += 1) {
    const answer = await fetch(`${baseUrl}/api/ebooks?page=${page}&size=50`, {
      headers: { 'x-site': 'jingan' },
    });
    const body = (await answer.json()) as {
      data: { list: { id: number; title: string; pageCount: number }[]; total: number };
    };
    const book = body.data.list.find((item) => item.pageCount === PAGE_COUNT);
    if (book) {
      const detail = await fetch(`${baseUrl}/api/ebooks/detail?id=${book.id}`, {
        headers: { 'x-site': 'jingan' },
      });
      const { data } = (await detail.json()) as { data: { pdfUrl: string } };
      return { id: book.id, title: book.title, pdfUrl: data.pdfUrl };
    }
    if (page * 50 >= body.data.total) break;
  }
  throw new Error(`no e-book of ${PAGE_COUNT} pages in the seed`);
}

interface PdfRequest {
  /** The Range header, or `whole file` for pdf.js's first request (cut off once the headers
   * say the server takes ranges). */
  range: string;
  status: number;
  /** Body bytes (0 for the first request, cut off after its headers). */
  bytes: number;
  /** Request start to response end. */
  ms: number;
}

interface Run {
  ms: number;
  requests: PdfRequest[];
}

async function measure(
  browser: Browser,
  baseUrl: string,
  login: Login,
  book: { id: number; pdfUrl: string },
  condition: Condition,
): Promise<Run> {
  const { context, page } = await phonePage(browser, login, condition);
  try {
    // The PDF's requests (pdf.js fetches in its worker; Playwright sees those too) that started
    // before the first page was drawn, with their status, range and body bytes.
    const pdfPath = new URL(book.pdfUrl, baseUrl).pathname;
    let counting = true;
    const pdfRequests: Promise<PdfRequest>[] = [];
    page.on('request', (request) => {
      if (!counting || new URL(request.url()).pathname !== pdfPath) return;
      pdfRequests.push(
        new Promise<PdfRequest>((resolve) => {
          const range = request.headers().range ?? 'whole file';
          const done = async () => {
            const response = await request.response().catch(() => null);
            const sizes = await request.sizes().catch(() => null);
            const timing = request.timing();
            resolve({
              range,
              status: response?.status() ?? 0,
              // A 206's Content-Length is its body (PDFs are not compressed on the way).
              bytes:
                Number(response?.headers()['content-length'] ?? 0) ||
                Math.max(0, sizes?.responseBodySize ?? 0),
              ms: timing.responseEnd > 0 ? timing.responseEnd - timing.requestStart : Number.NaN,
            });
          };
          page.on('requestfinished', (finished) => {
            if (finished === request) void done();
          });
          page.on('requestfailed', (failed) => {
            if (failed === request) resolve({ range, status: 0, bytes: 0, ms: Number.NaN });
          });
        }),
      );
    });
    let firstPage: () => void = () => {};
    const drawn = new Promise<void>((resolve) => {
      firstPage = resolve;
    });
    await page.exposeFunction('__pdfFirstPage', () => {
      counting = false;
      firstPage();
    });
    await page.addInitScript(() => {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('pdf-first-page').length === 0) return;
        observer.disconnect();
        (window as unknown as { __pdfFirstPage: () => void }).__pdfFirstPage();
      });
      observer.observe({ type: 'mark', buffered: true });
    });

    await page.goto(`${baseUrl}/ebookContent?id=${book.id}`);
    await Promise.race([
      drawn,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no first page in 60 s')), 60_000),
      ),
    ]);
    await page.locator('.pdf-page[data-page-number="1"][data-rendered="true"]').waitFor();
    const ms = await page.evaluate(
      () => performance.getEntriesByName('pdf-first-page')[0]?.startTime ?? Number.NaN,
    );
    const requests = await Promise.all(pdfRequests);
    return { ms, requests };
  } finally {
    await context.close();
  }
}

await withPortal(async (portal, browser) => {
  const login = await apiLogin(portal.baseUrl);
  const book = await findBook(portal.baseUrl);
  const pdfSize = Number(
    (await fetch(new URL(book.pdfUrl, portal.baseUrl), { method: 'HEAD' })).headers.get(
      'content-length',
    ),
  );
  console.log(
    `\n/ebookContent?id=${book.id} (${PAGE_COUNT} pages, PDF ${(pdfSize / 1024).toFixed(0)} KB), iPhone 13 emulation, fresh profile per run, ${RUNS} runs`,
  );
  for (const condition of CONDITIONS) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await measure(browser, portal.baseUrl, login, book, condition));
    }
    const times = runs.map((run) => run.ms);
    const bytes = runs.map((run) => run.requests.reduce((sum, request) => sum + request.bytes, 0));
    console.log(
      `\n${condition.name}\n  first page drawn: ${median(times).toFixed(0)} ms median ` +
        `[${times.map((time) => time.toFixed(0)).join(', ')}]\n` +
        `  PDF body bytes before it: ${(median(bytes) / 1024).toFixed(1)} KB median, of ${(pdfSize / 1024).toFixed(1)} KB`,
    );
    for (const request of runs[0]?.requests ?? []) {
      console.log(
        `    first run: ${request.status || 'cut off'} ${request.range} ${(request.bytes / 1024).toFixed(1)} KB` +
          (Number.isNaN(request.ms) ? '' : ` in ${request.ms.toFixed(0)} ms`),
      );
    }
  }
});
