import { describe, expect, it } from 'vitest';
import { sameOriginPdfUrl } from './pdf-url.ts';

const origin = 'https://learn.example.cn';

describe('sameOriginPdfUrl', () => {
  it('accepts a path on this site, resolved against the origin', () => {
    expect(sameOriginPdfUrl('/files/docs/guide.pdf', origin)).toBe(
      'https://learn.example.cn/files/docs/guide.pdf',
    );
    expect(sameOriginPdfUrl('  /files/a.pdf?v=2#page=3 ', origin)).toBe(
      'https://learn.example.cn/files/a.pdf?v=2#page=3',
    );
  });

  it('accepts an absolute address on the same origin', () => {
    expect(sameOriginPdfUrl('https://learn.example.cn/files/a.pdf', origin)).toBe(
      'https://learn.example.cn/files/a.pdf',
    );
    expect(sameOriginPdfUrl('HTTPS://LEARN.EXAMPLE.CN/files/a.pdf', origin)).toBe(
      'https://learn.example.cn/files/a.pdf',
    );
  });

  it('refuses another origin, scheme or port', () => {
    expect(sameOriginPdfUrl('https://example.com/a.pdf', origin)).toBeNull();
    expect(sameOriginPdfUrl('http://learn.example.cn/a.pdf', origin)).toBeNull();
    expect(sameOriginPdfUrl('https://learn.example.cn:8443/a.pdf', origin)).toBeNull();
    expect(sameOriginPdfUrl('https://learn.example.cn.evil.com/a.pdf', origin)).toBeNull();
    expect(sameOriginPdfUrl('https://user:pw@learn.example.cn/a.pdf', origin)).toBeNull();
  });

  it('refuses protocol-relative and backslash tricks', () => {
    expect(sameOriginPdfUrl('//example.com/a.pdf', origin)).toBeNull();
    expect(sameOriginPdfUrl('/\\example.com/a.pdf', origin)).toBeNull();
    expect(sameOriginPdfUrl('\\\\example.com/a.pdf', origin)).toBeNull();
    expect(sameOriginPdfUrl('/\t/example.com/a.pdf', origin)).toBeNull();
  });

  it('refuses javascript:, data:, blob: and relative addresses', () => {
    expect(sameOriginPdfUrl('javascript:alert(1)', origin)).toBeNull();
    expect(sameOriginPdfUrl('JavaScript:alert(1)', origin)).toBeNull();
    expect(sameOriginPdfUrl('data:application/pdf;base64,JVBERi0=', origin)).toBeNull();
    expect(sameOriginPdfUrl('blob:https://learn.example.cn/1234', origin)).toBeNull();
    expect(sameOriginPdfUrl('files/a.pdf', origin)).toBeNull();
  });

  it('refuses a missing or blank address', () => {
    expect(sameOriginPdfUrl(null, origin)).toBeNull();
    expect(sameOriginPdfUrl('   ', origin)).toBeNull();
  });
});
