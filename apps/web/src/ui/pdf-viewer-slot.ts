import { type ComponentType, createContext, type ReactNode, use, useContext } from 'react';

/** What a page shows a PDF of this site with: the e-books' reader, page by page. */
export interface PdfViewerSlotProps {
  /** An address on this site (the caller checks it). */
  url: string;
  /** The page to open at, from 1. */
  initialPage?: number;
  /** The page in view changed. */
  onPageChange?: (page: number, pageCount: number) => void;
  /** More ways on from the error state. */
  errorActions?: ReactNode;
}

/** Loads the PDF reader's chunk once; a failed load is forgotten, so a retry loads it again. */
export type PdfViewerLoader = () => Promise<ComponentType<PdfViewerSlotProps>>;

/**
 * The PDF reader, for features other than the e-books' that show a PDF (a PDF lesson): the app
 * provides the loader of the e-books' reader here, so no feature imports another and nothing of
 * pdf.js is loaded before a PDF is shown. Null when the app provides none.
 */
export const PdfViewerSlot = createContext<PdfViewerLoader | null>(null);

/**
 * The PDF reader the app provides, or null: suspends while its chunk loads (call it inside a
 * Suspense boundary, and an error boundary for a failed load).
 */
export function usePdfViewer(): ComponentType<PdfViewerSlotProps> | null {
  const load = useContext(PdfViewerSlot);
  return load ? use(load()) : null;
}
