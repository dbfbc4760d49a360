import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml, toPlainText } from './sanitize-html.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

/**
 * The markup of sanitized HTML without its text: text nodes cannot hold `<` (the sanitizer
 * escapes it), so everything between `>` and the next `<` is text. What is left is every tag and
 * attribute the browser would act on.
 */
const markupOf = (html: string) => `<>${html}<>`.replace(/>[^<]*</g, '><');

const FORBIDDEN_ANYWHERE = [/<script/i, /<iframe/i, /<object/i, /<embed/i, /<svg/i, /<style/i];
const FORBIDDEN_IN_MARKUP = [/\son\w+\s*=/i, /javascript:/i, /srcdoc/i, /formaction/i, /data:/i];

describe('sanitizeArticleHtml', () => {
  it('has a corpus of at least 100 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_PAYLOADS.map((payload, i) => [i, payload] as const))(
    'leaves nothing that runs of payload %i',
    (_i, payload) => {
      const clean = sanitizeArticleHtml(payload);
      for (const pattern of FORBIDDEN_ANYWHERE) expect(clean).not.toMatch(pattern);
      for (const pattern of FORBIDDEN_IN_MARKUP) expect(markupOf(clean)).not.toMatch(pattern);
      // Sanitizing is stable: the output passes through unchanged (what the detail does again).
      expect(sanitizeArticleHtml(clean)).toBe(clean);
    },
  );

  it('leaves no `javascript:` anywhere in all but inert text', () => {
    const inText = XSS_PAYLOADS.map(sanitizeArticleHtml).filter((clean) =>
      /javascript:/i.test(clean),
    );
    // Only the polyglot that starts with the word as text keeps it, escaped and outside any tag.
    expect(inText).toEqual(['javascript:/*--&gt;']);
  });

  it('keeps the allowlisted structure of an article', () => {
    const html = [
      '<h2>标题</h2><p>第一段<strong>重点</strong><em>强调</em><u>下划线</u><br></p>',
      '<h3>小标题</h3><h4>更小</h4><blockquote>引用</blockquote>',
      '<ul><li>一</li></ul><ol><li>二</li></ol>',
      '<figure><img src="/files/covers/a.svg" alt="图" width="640" height="360"><figcaption>说明</figcaption></figure>',
      '<table><thead><tr><th>项目</th></tr></thead><tbody><tr><td>内容</td></tr></tbody></table>',
    ].join('');
    expect(sanitizeArticleHtml(html)).toBe(
      [
        '<h2>标题</h2><p>第一段<strong>重点</strong><em>强调</em><u>下划线</u><br /></p>',
        '<h3>小标题</h3><h4>更小</h4><blockquote>引用</blockquote>',
        '<ul><li>一</li></ul><ol><li>二</li></ol>',
        '<figure><img src="/files/covers/a.svg" alt="图" width="640" height="360" /><figcaption>说明</figcaption></figure>',
        '<table><thead><tr><th>项目</th></tr></thead><tbody><tr><td>内容</td></tr></tbody></table>',
      ].join(''),
    );
  });

  it('opens links in a new tab without an opener, http(s) and relative only', () => {
    expect(
      sanitizeArticleHtml('<a href="https://example.com/a" target="_self" rel="opener">外链</a>'),
    ).toBe('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">外链</a>');
    expect(sanitizeArticleHtml('<a href="/index/news">站内</a>')).toBe(
      '<a href="/index/news" rel="noopener noreferrer" target="_blank">站内</a>',
    );
    for (const href of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x']) {
      expect(sanitizeArticleHtml(`<a href="${href}">x</a>`)).not.toContain('href');
    }
  });

  it('drops images without a safe source and sizes that are not pixel counts', () => {
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeArticleHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeArticleHtml('<img src="/files/a.png" width="100%" height="9">')).toBe(
      '<img src="/files/a.png" height="9" />',
    );
    // Another host's image: the page's policy would block it, and it would call that host.
    for (const src of ['http://x.cn/a.png', 'https://x.cn/a.png', '//x.cn/a.png']) {
      expect(sanitizeArticleHtml(`<p>文</p><img src="${src}" alt="图">`)).toBe('<p>文</p>');
    }
  });

  it('drops scripts, styles, frames and forms with their content, unwraps unknown tags', () => {
    expect(sanitizeArticleHtml('<div><p>留下</p><script>alert(1)</script></div>')).toBe(
      '<p>留下</p>',
    );
    expect(
      sanitizeArticleHtml('<style>p{}</style><iframe src="/x">x</iframe><span>文</span>'),
    ).toBe('文');
    expect(sanitizeArticleHtml('<form><input name="a"><button>提交</button></form>')).toBe('提交');
  });
});

describe('toPlainText', () => {
  it('keeps text, with the characters HTML would escape, and its line breaks', () => {
    expect(toPlainText('  a & b < c > d "引号" 1<2\r\n\r\n\r\n\r\n第二段  ')).toBe(
      'a & b < c > d "引号" 1<2\n\n第二段',
    );
  });

  it('leaves no tag in any spelling, and drops control and bidi characters', () => {
    expect(toPlainText('你好<script>alert(1)</script><b>粗</b>')).toBe('你好粗');
    expect(toPlainText('x &lt;script&gt;alert(1)&lt;/script&gt; y')).toBe('x  y');
    expect(toPlainText('a\u0000b\u202ec\u200bd👨\u200d👩')).toBe('abcd👨\u200d👩');
    for (const payload of XSS_PAYLOADS) expect(toPlainText(payload)).not.toMatch(/<[a-z!/?]/i);
  });
});
