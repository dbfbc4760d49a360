import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './accept-encoding.ts';

describe('preferredEncoding', () => {
  it('answers brotli to what browsers send, gzip to those without it', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding(['gzip', 'br'])).toBe('br');
  });

  it('honours q=0, weights and the wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=1')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=abc, gzip;q=0')).toBeNull();
  });

  it('answers none without the header, or with identity or unknown codings only', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate, compress')).toBeNull();
  });
});
