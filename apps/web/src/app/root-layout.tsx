import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { takeUpdateIfSafe } from '@/platform/app-update.ts';
import { shareUrlOf } from '@/platform/share.ts';
import { SessionKey, session } from '@/platform/storage.ts';
import { StatusBanners } from '@/ui/status-banners.tsx';
import { KeepAliveOutlet } from './keep-alive.tsx';
import { isKeptAlive, routeOf } from './routes.ts';

/**
 * The root of every page: keeps the kept-alive pages, scrolls other route changes to the top,
 * keeps `shareUrl` up to date, announces the new page to screen readers, and offers a new version
 * of the portal (taken as the learner moves to another page, unless something plays).
 */
export function RootLayout() {
  const location = useLocation();
  const [announcement, setAnnouncement] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every address change
  useEffect(() => {
    session.set(SessionKey.shareUrl, shareUrlOf(window.location.href));
    setAnnouncement(routeOf(location.pathname)?.title ?? '');
    takeUpdateIfSafe();
  }, [location.pathname, location.search]);

  return (
    <>
      <KeepAliveOutlet isKept={isKeptAlive} />
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <StatusBanners />
    </>
  );
}
