import { useEffect, useMemo, useState } from 'react';
import { afterPaint } from './after-paint.ts';
import './rich-html.css';

type Sanitize = (html: string) => string;

let loadedSanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** The sanitizer (DOMPurify, about 9 KB gzip); a failed download is tried again next time. */
function loadSanitize(): Promise<Sanitize> {
  loading ??= import('./sanitize.ts').then(
    (module) => {
      loadedSanitize = module.sanitize;
      return module.sanitize;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts the sanitizer's download now (a page whose rich text is its main content, or a landing
 * page that shows once it is here: its rich text then fills in with the page, not after it,
 * moving what is under it); settles once it is here or has failed.
 */
export function preloadSanitize(): Promise<void> {
  if (loadedSanitize) return Promise.resolve();
  return loadSanitize().then(
    () => {},
    () => {},
  );
}

/**
 * The sanitizer once it is here. Unless `eager`, it is asked for after the page's first paint:
 * the rich text sits under a detail page's cover and title, which show first, without waiting.
 */
function useSanitize(eager: boolean): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => loadedSanitize);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    const load = () => {
      loadSanitize().then(
        (loaded) => {
          if (live) setSanitize(() => loaded);
        },
        () => {},
      );
    };
    const cancel = eager ? () => {} : afterPaint(load);
    if (eager) load();
    return () => {
      live = false;
      cancel();
    };
  }, [sanitize, eager]);
  return sanitize;
}

/**
 * Rich HTML from the server (introductions, articles), sanitized before it is shown: scripts,
 * event handlers, `javascript:` links and foreign elements are removed. Nothing of it is shown
 * until the sanitizer has run (an empty, busy box meanwhile).
 */
export function RichHtml({
  html,
  className,
  eager = false,
}: {
  html: string;
  className?: string;
  /** The page's main content: the sanitizer is asked for at once, not after the first paint. */
  eager?: boolean;
}) {
  const sanitize = useSanitize(eager);
  const clean = useMemo(() => (sanitize ? sanitize(html) : null), [sanitize, html]);
  const name = className ?? 'rich-html';
  if (clean === null) return <div className={name} aria-busy="true" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className={name} dangerouslySetInnerHTML={{ __html: clean }} />;
}
