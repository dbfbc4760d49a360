import type { EbookDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { FavouriteButton, useRecordView } from '@/ui/favourite-button.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useEbookDetail } from '../api/get-ebook-detail.ts';
import { preloadPdfEngine } from '../components/pdf-preload.ts';
import { formatFileSize } from '../lib/format-file-size.ts';
import '../ebooks.css';

/** The introduction's paragraphs (plain text, separated by blank lines). */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function Facts({ book }: { book: EbookDetail }) {
  const facts: [string, string][] = [
    ['作者', book.author],
    ['出版社', book.publisher],
    ['出版年份', `${book.publishedYear} 年`],
    ['ISBN', book.isbn],
    ['分类', book.categoryName],
    ['页数', `${book.pageCount} 页`],
    ['文件大小', formatFileSize(book.fileSize)],
  ];
  return (
    <dl className="ebook-facts">
      {facts
        .filter(([, value]) => value.trim() !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Where the learner got to, and the button that takes them there. */
function ReadAction({ book }: { book: EbookDetail }) {
  const progress = book.myProgress;
  const percent = progress ? Math.min(100, Math.max(0, progress.percent)) : 0;
  return (
    <div className="ebook-read">
      {progress ? (
        <div className="ebook-progress">
          <p className="ebook-progress-text">
            上次读到第 {progress.page} 页<span>已读 {percent}%</span>
          </p>
          <span
            className="ebook-progress-track"
            role="progressbar"
            aria-label="阅读进度"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`读到第 ${progress.page} 页，共 ${progress.pageCount} 页，${percent}%`}
          >
            <span className="ebook-progress-fill" style={{ width: `${percent}%` }} />
          </span>
        </div>
      ) : null}
      <Link
        className="link-button primary block ebook-read-button"
        to={href('ebookContent', { id: book.id })}
        // pdf.js starts loading as the finger lands, before the reader page opens.
        onPointerDown={() => void preloadPdfEngine().catch(() => {})}
      >
        {progress ? '继续阅读' : '开始阅读'}
      </Link>
    </div>
  );
}

/**
 * `/ebookDetails?id=`: a book's cover and facts, the learner's progress, the introduction, and
 * the way into the reader.
 */
export function EbookDetailPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useEbookDetail(id);
  const book = detail.data;
  useRecordView('ebook', book?.id);
  const missing =
    id === null ||
    (detail.error instanceof ApiError &&
      (detail.error.code === ErrorCode.notFound || detail.error.code === ErrorCode.invalid));

  return (
    <>
      <PageHeader
        right={
          book ? (
            <>
              <FavouriteButton contentType="ebook" contentId={book.id} />
              <ShareButton title={book.title} pic={book.cover} />
            </>
          ) : null
        }
      />
      {missing ? (
        <main className="page-body">
          <StateView kind="missing" title="电子书不存在或已下线" description="换一本书看看吧。">
            <Link className="link-button primary" to={paths.ebookList}>
              浏览全部电子书
            </Link>
          </StateView>
        </main>
      ) : null}
      {!missing && detail.isPending ? <PageSkeleton /> : null}
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
        <main className="ebook-detail">
          <section className="ebook-card ebook-head">
            <img
              className="ebook-head-cover"
              src={book.cover}
              alt={`《${book.title}》封面`}
              width={150}
              height={200}
            />
            <div className="ebook-head-text">
              <h1>{book.title}</h1>
              <p className="ebook-head-author">{book.author}</p>
              <p className="ebook-head-meta">
                {book.categoryName} · {book.pageCount} 页
              </p>
            </div>
          </section>
          <section className="ebook-card" aria-label="阅读">
            <ReadAction book={book} />
          </section>
          <section className="ebook-card" aria-labelledby="ebook-facts">
            <h2 id="ebook-facts">图书信息</h2>
            <Facts book={book} />
          </section>
          <section className="ebook-card" aria-labelledby="ebook-intro">
            <h2 id="ebook-intro">内容简介</h2>
            {paragraphsOf(book.introduction).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
              <p key={index} className="ebook-intro-paragraph">
                {paragraph}
              </p>
            ))}
            {book.introduction.trim() === '' ? (
              <p className="ebook-intro-paragraph muted">暂无简介。</p>
            ) : null}
          </section>
        </main>
      ) : null}
    </>
  );
}
