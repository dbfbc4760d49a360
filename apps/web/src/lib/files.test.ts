import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, isImage, mimeOf } from './files.ts';

const MB = 1024 * 1024;

describe('mimeOf', () => {
  it('keeps the type a file has, and reads it from the name when the phone gives none', () => {
    expect(mimeOf({ name: 'a.bin', type: 'image/png' })).toBe('image/png');
    expect(mimeOf({ name: 'scan.PDF', type: '' })).toBe('application/pdf');
    expect(mimeOf({ name: 'photo.jpeg', type: '' })).toBe('image/jpeg');
    expect(mimeOf({ name: 'notes', type: '' })).toBe('');
  });

  it('tells pictures from other files', () => {
    expect(isImage({ name: 'a.webp', type: '' })).toBe(true);
    expect(isImage({ name: 'a.pdf', type: '' })).toBe(false);
  });
});

describe('formatBytes', () => {
  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(1.5 * MB)).toBe('1.5 MB');
    expect(formatBytes(20 * MB)).toBe('20 MB');
  });

  it('never says 0 KB or more than one decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 2 ** 40 }), (bytes) => {
        const text = formatBytes(bytes);
        expect(text).not.toBe('0 KB');
        expect(text).toMatch(/^\d+(\.\d)? (KB|MB)$/);
      }),
    );
  });
});
