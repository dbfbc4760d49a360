import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Stored HTML shown in the console, sanitized again in the browser (the server sanitized it
 * when it was stored): text, links and images only, never a script or a handler.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }),
    [html],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
