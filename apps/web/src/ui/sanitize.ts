import DOMPurify from 'dompurify';

// Images only from this site: the page's Content-Security-Policy (img-src 'self') would block
// another host's, and loading one would call that host on the reader's behalf.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'IMG') return;
  const src = node.getAttribute('src');
  if (src === null) return;
  try {
    if (new URL(src, window.location.href).origin === window.location.origin) return;
  } catch {
    // not a URL: dropped below
  }
  node.removeAttribute('src');
});

/**
 * The sanitized form of server HTML (HTML profile only, no SVG/MathML, no forms or styles):
 * scripts, event handlers, `javascript:` links and foreign elements are removed.
 */
export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
