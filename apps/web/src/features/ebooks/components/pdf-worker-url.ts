// Only the hashed address of pdf.js's worker file (a string): the worker itself loads when the
// reader opens a document. Kept apart so the reader can start fetching it early.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

export const pdfWorkerUrl: string = workerUrl;
