import { ErrorCode } from '@portal/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useEbookDetail } from '../api/get-ebook-detail.ts';
import { preloadPdfEngine } from '../components/pdf-preload.ts';
import { PdfViewer } from '../components/pdf-viewer.tsx';
import { useReadingReport } from '../hooks/use-reading-report.ts';
import '../ebooks.css';

// pdf.js starts loading with this page's code, while the app still refreshes the login and asks
// for the book: the reader's first page then waits for neither.
void preloadPdfEngine().catch(() => {});

/**
 * `/ebookContent?id=`: reads a book in the PDF viewer, opening at the page the learner last
 * read and remembering the page they are on.
 */
export function EbookReaderPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useEbookDetail(id);
  const book = detail.data;
  const handlePageChange = useReadingReport(book);
  const missing =
    id === null ||
    (detail.error instanceof ApiError &&
      (detail.error.code === ErrorCode.notFound || detail.error.code === ErrorCode.invalid));

  return (
    <>
      <PageHeader title={book?.title} />
      {missing ? (
        <main className="page-body">
          <StateView kind="missing" title="电子书不存在或已下线" description="换一本书看看吧。">
            <Link className="link-button primary" to={paths.ebookList}>
              浏览全部电子书
            </Link>
          </StateView>
        </main>
      ) : null}
      {!missing && detail.isPending ? (
        <div className="pdf-loading" role="status" aria-live="polite">
          <div className="pdf-loading-page skeleton-block" />
          <p>正在打开文档…</p>
        </div>
      ) : null}
      {!missing && detail.isError ? (
        <main className="page-body">
          <StateView kind="error" title="电子书没有加载出来" description="请检查网络后重试。">
            <button type="button" className="link-button primary" onClick={() => detail.refetch()}>
              重试
            </button>
          </StateView>
        </main>
      ) : null}
      {book ? (
        <main className="pdf-main">
          <PdfViewer
            url={book.pdfUrl}
            initialPage={book.myProgress?.page ?? 1}
            onPageChange={handlePageChange}
            errorActions={
              <Link className="link-button" to={href('ebookDetail', { id: book.id })}>
                返回图书详情
              </Link>
            }
          />
        </main>
      ) : null}
    </>
  );
}
