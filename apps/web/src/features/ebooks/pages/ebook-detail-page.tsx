import type { EbookDetail } from '@portal/contract';
import { PICTURE_SIZES, pictureSources } from '@portal/contract/constants';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { DetailPage, FavouriteAndShare, useDetailById } from '@/ui/detail-page.tsx';
import { Fact, Facts } from '@/ui/facts.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { Panel } from '@/ui/panel.tsx';
import { ProgressTrack } from '@/ui/progress-bar.tsx';
import { ebookDetailQueryOptions } from '../api/get-ebook-detail.ts';
import { MISSING_BOOK } from '../components/ebook-detail-missing.ts';
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

function BookFacts({ book }: { book: EbookDetail }) {
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
    <Facts look="plain" className="ebook-facts">
      {facts
        .filter(([, value]) => value.trim() !== '')
        .map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
    </Facts>
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
          <ProgressTrack
            classPrefix="progress"
            label="阅读进度"
            percent={percent}
            valueText={`读到第 ${progress.page} 页，共 ${progress.pageCount} 页，${percent}%`}
          />
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
  const detail = useDetailById(ebookDetailQueryOptions);
  useRecordView('ebook', detail.data?.id);

  return (
    <DetailPage
      detail={detail}
      missing={MISSING_BOOK}
      actions={(book) => <FavouriteAndShare type="ebook" item={book} />}
    >
      {(book) => (
        <main className="panel-page">
          <Panel className="ebook-head">
            <img
              className="ebook-head-cover"
              {...pictureSources(book.cover, PICTURE_SIZES.book)}
              src={book.cover}
              alt={`《${book.title}》封面`}
              width={150}
              height={200}
            />
            <div className="ebook-head-text">
              <h1 className="detail-title">{book.title}</h1>
              <p className="detail-meta">{book.author}</p>
              <p className="detail-meta">
                {book.categoryName} · {book.pageCount} 页
              </p>
            </div>
          </Panel>
          <Panel label="阅读">
            <ReadAction book={book} />
          </Panel>
          <Panel title="图书信息" titleId="ebook-facts">
            <BookFacts book={book} />
          </Panel>
          <Panel title="内容简介" titleId="ebook-intro">
            {paragraphsOf(book.introduction).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
              <p key={index} className="ebook-intro-paragraph">
                {paragraph}
              </p>
            ))}
            {book.introduction.trim() === '' ? (
              <p className="ebook-intro-paragraph muted">暂无简介。</p>
            ) : null}
          </Panel>
        </main>
      )}
    </DetailPage>
  );
}
