import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { shareUrlOf } from '@/platform/share.ts';
import { SessionKey, session } from '@/platform/storage.ts';
import { KeepAliveOutlet } from './keep-alive.tsx';
import { isKeptAlive, routeOf } from './routes.ts';

/**
 * The root of every page: keeps the kept-alive pages, scrolls other route changes to the top,
 * keeps `shareUrl` up to date, and announces the new page to screen readers.
 */
export function RootLayout() {
  const location = useLocation();
  const [announcement, setAnnouncement] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every address change
  useEffect(() => {
    session.set(SessionKey.shareUrl, shareUrlOf(window.location.href));
    setAnnouncement(routeOf(location.pathname)?.title ?? '');
  }, [location.pathname, location.search]);

  return (
    <>
      <KeepAliveOutlet isKept={isKeptAlive} />
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}
