import { Link, useSearchParams } from 'react-router';
import { href } from '@/platform/paths.ts';
import { DetailPage, useDetailById } from '@/ui/detail-page.tsx';
import { ebookDetailQueryOptions } from '../api/get-ebook-detail.ts';
import { MISSING_BOOK } from '../components/ebook-detail-missing.ts';
import { preloadPdfEngine } from '../components/pdf-preload.ts';
import { PdfViewer } from '../components/pdf-viewer.tsx';
import { useReadingReport } from '../hooks/use-reading-report.ts';
import '../ebooks.css';

// pdf.js starts loading with this page's code, while the app still refreshes the login and asks
// for the book: the reader's first page then waits for neither.
void preloadPdfEngine().catch(() => {});

/** `?page=` of the address: a page to open at (a search hit inside the book), if any. */
function pageAsked(params: URLSearchParams): number | null {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : null;
}

/**
 * `/ebookContent?id=`: reads a book in the PDF viewer, opening at the page the address asks for
 * (`&page=`, from a search hit inside the book), else where the learner last read, and
 * remembering the page they are on.
 */
export function EbookReaderPage() {
  const detail = useDetailById(ebookDetailQueryOptions);
  const handlePageChange = useReadingReport(detail.data);
  const [params] = useSearchParams();
  const asked = pageAsked(params);

  return (
    <DetailPage
      detail={detail}
      missing={MISSING_BOOK}
      title={(book) => book.title}
      loading={
        <div className="pdf-loading" role="status" aria-live="polite">
          <div className="pdf-loading-page skeleton-block" />
          <p>正在打开文档…</p>
        </div>
      }
    >
      {(book) => (
        <main className="pdf-main">
          <PdfViewer
            url={book.pdfUrl}
            initialPage={Math.min(asked ?? book.myProgress?.page ?? 1, book.pageCount)}
            onPageChange={handlePageChange}
            errorActions={
              <Link className="link-button" to={href('ebookDetail', { id: book.id })}>
                返回图书详情
              </Link>
            }
          />
        </main>
      )}
    </DetailPage>
  );
}
