import { pdfWorkerUrl } from './pdf-worker-url.ts';

export type PdfEngine = typeof import('./pdf-engine.ts');

let engine: Promise<PdfEngine> | null = null;
let workerFetched = false;

/**
 * Loads pdf.js (its chunk, and its worker file into the HTTP cache) once, on the routes that
 * read PDFs only: the reader calls it while it still waits for the book's details, the detail
 * page when 开始阅读 is pressed. A failed load is tried again on the next call.
 */
export function preloadPdfEngine(): Promise<PdfEngine> {
  engine ??= import('./pdf-engine.ts').catch((error: unknown) => {
    engine = null;
    throw error;
  });
  if (!workerFetched) {
    workerFetched = true;
    // Hashed and cached for a year: the worker then starts without another download.
    void fetch(pdfWorkerUrl).catch(() => {
      workerFetched = false;
    });
  }
  return engine;
}
