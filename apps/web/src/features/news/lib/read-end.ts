import { ARTICLE_READ_MIN_SECONDS } from '@portal/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { post } from '@/platform/request.ts';
import { isLoggedIn } from '@/platform/session.ts';

/**
 * Tells the server once that a learner reached the end of the article (`end` scrolled into
 * view), no sooner than {@link ARTICLE_READ_MIN_SECONDS} after the page opened (a sooner report
 * would be refused); points refresh after. Visitors send nothing.
 */
export function useReadEnd(articleId: number, end: RefObject<HTMLElement | null>) {
  const client = useQueryClient();
  useEffect(() => {
    const target = end.current;
    if (!target || !isLoggedIn() || typeof IntersectionObserver === 'undefined') return;
    const openedAt = Date.now();
    let timer: number | undefined;
    const report = () => {
      post('/articles/read-end', { id: articleId }, { loginRequired: true, quiet: true }).then(
        () => client.invalidateQueries({ queryKey: ['points'] }),
        () => {},
      );
    };
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const wait = Math.max(0, openedAt + (ARTICLE_READ_MIN_SECONDS + 1) * 1000 - Date.now());
      timer = window.setTimeout(report, wait);
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [articleId, end, client]);
}
