import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
// The legacy build carries the polyfills older phone browsers need (iOS < 17, Android WebViews).
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfWorkerUrl } from './pdf-worker-url.ts';

GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

/** Bytes per range request: small enough that the first page arrives early on 4G. */
const RANGE_CHUNK_SIZE = 64 * 1024;

/**
 * Starts loading a PDF of this site with range requests only: nothing is fetched ahead
 * (`disableAutoFetch`) and the file is not streamed whole alongside (`disableStream`), so a
 * page shows once the bytes it needs have arrived, not the whole book. The caller destroys the
 * task when done (that also ends its worker).
 */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
    rangeChunkSize: RANGE_CHUNK_SIZE,
    disableAutoFetch: true,
    disableStream: true,
    // The site's Content-Security-Policy allows no eval; pdf.js then draws fonts without it.
    isEvalSupported: false,
    enableXfa: false,
    // Errors only: a damaged object on one page is not worth a console line per glyph.
    verbosity: 0,
  });
}

export type PdfDocument = PDFDocumentProxy;
