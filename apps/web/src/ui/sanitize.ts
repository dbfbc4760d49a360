import DOMPurify from 'dompurify';

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
