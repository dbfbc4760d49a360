import type { ArticleSummary } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';

/** How long each title stays (the portal's swiper interval, spec section 9). */
export const NOTICE_INTERVAL_MS = 3000;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The index of the title shown: the next one every interval, unless motion is reduced. */
function useRotation(count: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2 || reducedMotion()) return;
    const timer = window.setInterval(() => setIndex((n) => (n + 1) % count), NOTICE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count]);
  return index < count ? index : 0;
}

/**
 * The home's notice bar: the newest 公告 titles, pinned first, one at a time in turn (whole, never
 * cut off); a tap opens the 公告 list, and 通知 beside it the 通知 list. Both lists need login: a
 * visitor goes through the login flow as on every auth route.
 */
export function NoticeBar({ notices }: { notices: readonly ArticleSummary[] }) {
  const index = useRotation(notices.length);
  const current = notices[index];
  if (!current) return null;
  return (
    <section className="home-notice" aria-label="公告通知">
      <Link className="home-notice-main" to={paths.notice}>
        <Badge tone="amber" solid square>
          公告
        </Badge>
        <span className="home-notice-title" key={current.id}>
          {current.title}
        </span>
      </Link>
      <Link className="home-notice-more" to={paths.newsInfo}>
        通知 ›
      </Link>
    </section>
  );
}
