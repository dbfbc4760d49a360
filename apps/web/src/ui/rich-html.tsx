import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich HTML from the server (introductions, articles), sanitized before it is shown: scripts,
 * event handlers, `javascript:` links and foreign elements are removed; links open safely.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className={className ?? 'rich-html'} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The sanitized form of server HTML (HTML profile only, no SVG/MathML, no forms or styles). */
export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
