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
 * The sanitizer once it is here. It is asked for after the page's first paint: the rich text
 * sits under a detail page's cover and title, which show first, without waiting for it.
 */
function useSanitize(): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => loadedSanitize);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    const cancel = afterPaint(() => {
      loadSanitize().then(
        (loaded) => {
          if (live) setSanitize(() => loaded);
        },
        () => {},
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [sanitize]);
  return sanitize;
}

/**
 * Rich HTML from the server (introductions, articles), sanitized before it is shown: scripts,
 * event handlers, `javascript:` links and foreign elements are removed. Nothing of it is shown
 * until the sanitizer has run (an empty, busy box meanwhile).
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const sanitize = useSanitize();
  const clean = useMemo(() => (sanitize ? sanitize(html) : null), [sanitize, html]);
  const name = className ?? 'rich-html';
  if (clean === null) return <div className={name} aria-busy="true" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className={name} dangerouslySetInnerHTML={{ __html: clean }} />;
}
