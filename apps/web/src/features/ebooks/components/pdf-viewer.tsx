import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { type ReactNode, useEffect, useState } from 'react';
import { StateView } from '@/ui/state-view.tsx';
import type { PageSize } from '../lib/page-layout.ts';
import { type PdfFailure, pdfFailureOf } from '../lib/pdf-failure.ts';
import { PdfDocumentView } from './pdf-document-view.tsx';
import { preloadPdfEngine } from './pdf-preload.ts';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; doc: PDFDocumentProxy; firstPage: PageSize }
  | { kind: 'failed'; failure: PdfFailure };

const failureText: Record<PdfFailure, { title: string; description: string }> = {
  missing: { title: '文档不存在或已被移除', description: '这份文档暂时无法阅读，请看看其他内容。' },
  broken: { title: '文档已损坏，无法打开', description: '文件内容有误，我们会尽快处理。' },
  password: { title: '文档有密码保护', description: '这份文档设置了密码，暂时无法在这里阅读。' },
  network: { title: '文档没有打开', description: '网络不太好，请检查网络后重试。' },
};

export interface PdfViewerProps {
  /** An address on this site (the caller checks it). */
  url: string;
  /** The page to open at, from 1 (a page beyond the document opens its last page). */
  initialPage?: number;
  /** The page in view changed (after the document opened at `initialPage`). */
  onPageChange?: (page: number, pageCount: number) => void;
  /** More ways on from the error state (e.g. back to the book). */
  errorActions?: ReactNode;
}

/**
 * A PDF reader for phones on pdf.js: opens the document with range requests, shows its pages
 * one under another (drawn as they come into view), with pinch and button zoom, a page jump and
 * the page indicator. A missing, damaged or unreachable document shows a designed error state.
 */
export function PdfViewer({ url, initialPage = 1, onPageChange, errorActions }: PdfViewerProps) {
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    setPhase({ kind: 'loading' });
    const open = async () => {
      const { openPdf } = await preloadPdfEngine();
      if (cancelled) return;
      task = openPdf(url);
      const doc = await task.promise;
      const first = await doc.getPage(1);
      const { width, height } = first.getViewport({ scale: 1 });
      if (!cancelled) setPhase({ kind: 'ready', doc, firstPage: { width, height } });
    };
    open().catch((error: unknown) => {
      if (!cancelled) setPhase({ kind: 'failed', failure: pdfFailureOf(error) });
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url, attempt]);

  if (phase.kind === 'failed') {
    const text = failureText[phase.failure];
    return (
      <div className="pdf-state">
        <StateView kind="error" title={text.title} description={text.description}>
          {phase.failure === 'network' ? (
            <button
              type="button"
              className="link-button primary"
              onClick={() => setAttempt((count) => count + 1)}
            >
              重试
            </button>
          ) : null}
          {errorActions}
        </StateView>
      </div>
    );
  }
  if (phase.kind === 'loading') {
    return (
      <div className="pdf-loading" role="status" aria-live="polite">
        <div className="pdf-loading-page skeleton-block" />
        <p>正在打开文档…</p>
      </div>
    );
  }
  return (
    <PdfDocumentView
      key={`${url}#${attempt}`}
      doc={phase.doc}
      firstPage={phase.firstPage}
      initialPage={initialPage}
      onPageChange={onPageChange}
    />
  );
}
