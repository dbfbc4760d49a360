/** Why a document could not be opened, as the viewer explains it to the learner. */
export type PdfFailure = 'missing' | 'broken' | 'password' | 'network';

/**
 * Classifies a failure to open a PDF: pdf.js's exceptions by name (the worker's errors cross
 * to the page as plain copies, so `instanceof` does not hold), anything else (no network, the
 * reader's code did not load) as a network failure the learner can retry.
 */
export function pdfFailureOf(error: unknown): PdfFailure {
  if (typeof error !== 'object' || error === null) return 'network';
  const { name, status, missing } = error as {
    name?: unknown;
    status?: unknown;
    missing?: unknown;
  };
  if (name === 'PasswordException') return 'password';
  if (name === 'InvalidPDFException' || name === 'FormatError') return 'broken';
  if (missing === true || status === 404 || status === 410) return 'missing';
  return 'network';
}
