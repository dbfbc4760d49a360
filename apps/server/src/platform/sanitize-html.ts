import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

/**
 * What an article body (rich HTML written by the network's editors or imported) may keep: text
 * structure, links and images. Everything else is dropped: scripts, styles, event handlers,
 * frames, forms, SVG and MathML go with their content; any other unknown tag is unwrapped to its
 * text. Links and images keep only http(s) or same-site relative URLs (no `javascript:`, `data:`
 * or protocol-relative ones); every link opens in a new tab without an opener.
 */
const ARTICLE_BODY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  // Images only from this site (a path): the Content-Security-Policy (img-src 'self') would block
  // any other host's, and an image from another host is a request sent on the reader's behalf.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Their content is code or markup of another language, never text to keep.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'title',
    'head',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
    }),
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        // Sizes are plain pixel counts; anything else is dropped rather than passed on.
        if ((name === 'width' || name === 'height') && !/^\d{1,4}$/.test(value)) continue;
        kept[name] = value;
      }
      return { tagName, attribs: kept };
    },
  },
  // A link or an image whose URL was removed is of no use: the link keeps its text, the image goes.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Bodies sanitized lately, by the HTML given (8 M characters of keys and answers at most): a
 * body is sanitized again each time it is shown, and a detail page is read far more often than
 * its body changes; parsing it costs far more (an article's: about 0.2 ms) than finding it here.
 */
const sanitized = new LRUCache<string, string>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (clean, html) => clean.length + html.length + 1,
});

/** An article body reduced to the allowlist above; safe to store and to serve as HTML. */
export function sanitizeArticleHtml(html: string): string {
  const kept = sanitized.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitizeHtml(html, ARTICLE_BODY).trim();
  sanitized.set(html, clean);
  return clean;
}

/** Strips every tag (and the content of script-like ones), leaving HTML-escaped text. */
const NO_TAGS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ARTICLE_BODY.nonTextTags ?? [],
};

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * Learner-written plain text (a team work, a comment): tags, control and format characters
 * (bidi overrides, zero-width spaces; the emoji joiner kept) removed,
 * line breaks normalised. Entities are decoded back to text and the text stripped again until it
 * stays the same, so no tag survives in any spelling. The answer is text, never HTML: clients
 * render it as text.
 */
export function toPlainText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n');
  for (let round = 0; round < 4; round += 1) {
    const stripped = sanitizeHtml(text, NO_TAGS).replace(
      /&(?:amp|lt|gt|quot|#39);/g,
      (entity) => ENTITIES[entity] ?? entity,
    );
    if (stripped === text) break;
    text = stripped;
  }
  return text
    .replace(/(?![\n\u200d])[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
