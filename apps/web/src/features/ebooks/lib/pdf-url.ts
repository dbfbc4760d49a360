/**
 * The address of a PDF the generic viewer (`/pdf?url=`) may open: a path on this site
 * (`/files/docs/a.pdf`) or an absolute `http(s)` address on this site's own origin. Anything
 * else (another origin, a protocol-relative `//host/...`, `javascript:`, `data:`, `blob:`) is
 * refused with null, so the viewer never fetches or shows a foreign document under the
 * portal's name.
 */
export function sameOriginPdfUrl(raw: string | null, origin: string): string | null {
  if (raw === null) return null;
  const value = raw.trim();
  if (value === '') return null;
  // Control characters and backslashes let browsers read a path as another host (`/\evil.com`).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const isPath = value.startsWith('/') && !value.startsWith('//');
  const isAbsolute = /^https?:\/\//i.test(value);
  if (!isPath && !isAbsolute) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== new URL(origin).origin) return null;
  if (url.username || url.password) return null;
  return url.href;
}
