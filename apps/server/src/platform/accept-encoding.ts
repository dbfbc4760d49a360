/** The compressions the server sends an answer in, besides none. */
export type Encoding = 'br' | 'gzip';

/**
 * The compression to send a caller, from its `Accept-Encoding`: brotli when it takes it, else
 * gzip, else none; a coding given `q=0` is refused, `*` takes either. What every browser sends
 * (`gzip, deflate, br`, maybe with `zstd`) answers brotli.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return null;
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: Encoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}
