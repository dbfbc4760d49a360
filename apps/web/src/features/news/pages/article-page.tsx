import type { ArticleDetail } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { paths } from '@/platform/paths.ts';
import {
  DetailPage,
  FavouriteAndShare,
  type MissingText,
  useDetailById,
} from '@/ui/detail-page.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { preloadSanitize, RichHtml } from '@/ui/rich-html.tsx';
import { ARTICLE_LISTS_KEY, articleDetailQueryOptions } from '../api/articles.ts';
import { imagesOf, marksUnread, pdfHref } from '../lib/article-path.ts';
import { useReadEnd } from '../lib/read-end.ts';
import { useReadingPosition } from '../lib/reading-position.ts';
import '../news.css';

const MISSING_ARTICLE: MissingText = {
  what: '文章',
  description: '看看其他资讯吧。',
  way: { to: paths.news, label: '浏览资讯' },
};

type Viewer = typeof import('../components/image-viewer.ts')['ImageViewer'];

let viewer: Promise<Viewer> | null = null;
/** The viewer, downloaded once (again after a failed download). */
function loadViewer(): Promise<Viewer> {
  viewer ??= import('../components/image-viewer.ts').then(
    (module) => module.ImageViewer,
    (error: unknown) => {
      viewer = null;
      throw error;
    },
  );
  return viewer;
}

/**
 * A tap on an image of the body opens the body's images full screen, at the tapped one (once
 * the viewer is here, unless the page has closed meanwhile).
 */
function useOpenImage() {
  const open = useRef(true);
  // Closing the page closes a viewer left open.
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      void viewer?.then(
        (loaded) => loaded.clear(),
        () => {},
      );
    };
  }, []);
  return (event: MouseEvent<HTMLElement>) => {
    const { sources, index } = imagesOf(event.currentTarget, event.target);
    if (index < 0) return;
    event.preventDefault();
    loadViewer().then(
      (loaded) => {
        if (open.current) loaded.Multi.show({ images: sources, defaultIndex: index });
      },
      () => {},
    );
  };
}

/** Says the page went back to where the learner left off, with a way to the top; then goes. */
function ResumedNote({ onRestart, onDismiss }: { onRestart: () => void; onDismiss: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDismiss, 6000);
    return () => window.clearTimeout(timer);
  }, [onDismiss]);
  return (
    <div className="article-resumed" role="status">
      <span>已回到上次阅读的位置</span>
      <button type="button" className="link-button" onClick={onRestart}>
        从头阅读
      </button>
    </div>
  );
}

function Article({ article }: { article: ArticleDetail }) {
  const client = useQueryClient();
  const body = useRef<HTMLDivElement>(null);
  const reading = useReadingPosition(article.id, body);
  const end = useRef<HTMLDivElement>(null);
  useReadEnd(article.id, end);
  // Opening a notice marked it read on the server: the lists drop its mark.
  useEffect(() => {
    if (marksUnread(article.kind)) void client.invalidateQueries({ queryKey: ARTICLE_LISTS_KEY });
  }, [client, article.kind]);
  const openImage = useOpenImage();

  return (
    <main className="page-body article-page">
      <article>
        <h1 className="detail-title article-title">{article.title}</h1>
        <p className="article-facts">
          <span>{article.source}</span>
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
          <span>{article.viewCount} 次浏览</span>
        </p>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a tap on a body image enlarges it; body text and images read the same without the viewer */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the enlarging viewer is a touch extra, nothing is only reachable through it */}
        <div className="article-body" ref={body} onClick={openImage}>
          <RichHtml html={article.bodyHtml} eager />
        </div>
        {article.attachment ? (
          <p className="article-attachment">
            附件：
            <Link className="link-button" to={pdfHref(article.attachment.url)}>
              {article.attachment.name}
            </Link>
          </p>
        ) : null}
        <div ref={end} className="article-end" aria-hidden="true" />
      </article>
      {reading.restored ? (
        <ResumedNote onRestart={reading.restart} onDismiss={reading.dismiss} />
      ) : null}
    </main>
  );
}

/**
 * `/contentDetails?id=` (and `/fengcaiDetails`, `/zanshiDetails`, `/talkDetails`): an article,
 * its body sanitized again here, images full screen on a tap, a PDF in the `/pdf` reader.
 */
export function ArticlePage() {
  // The body is the page: its sanitizer comes beside the article, not after it.
  void preloadSanitize();
  const detail = useDetailById(articleDetailQueryOptions);
  useRecordView('article', detail.data?.id);
  return (
    <DetailPage
      detail={detail}
      missing={MISSING_ARTICLE}
      actions={(article) => <FavouriteAndShare type="article" item={article} />}
    >
      {(article) => <Article article={article} />}
    </DetailPage>
  );
}
