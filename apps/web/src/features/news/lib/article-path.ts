import type { ArticleKind } from '@portal/contract';
import { href, type PathName } from '@/platform/paths.ts';

/** The route that shows an article of each kind (all show the same article page). */
const DETAIL_ROUTE: Record<ArticleKind, PathName> = {
  news: 'contentDetail',
  info: 'contentDetail',
  notice: 'contentDetail',
  fengcai: 'fengcaiDetail',
  zanshi: 'showcaseDetail',
  talk: 'talkDetail',
};

/** The address of an article's page: 风采, 展示 and 讲座访谈 have routes of their own. */
export const articleHref = (article: { id: number; kind: ArticleKind }) =>
  href(DETAIL_ROUTE[article.kind], { id: article.id });

/** The `/pdf` reader's address for an attachment. */
export const pdfHref = (url: string) => href('pdf', { url });

/** The kinds whose unread items are marked for a learner. */
export const marksUnread = (kind: ArticleKind): kind is 'info' | 'notice' =>
  kind === 'info' || kind === 'notice';

/** The images of a body, in order, and which one was tapped (-1 when it was not an image). */
export function imagesOf(container: Element, target: EventTarget | null) {
  const images = [...container.querySelectorAll('img')];
  const index = target instanceof HTMLImageElement ? images.indexOf(target) : -1;
  return { sources: images.map((image) => image.currentSrc || image.src), index };
}
