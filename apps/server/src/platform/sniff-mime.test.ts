import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffMime } from './sniff-mime.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('sniffMime', () => {
  it('recognises a JPEG by FF D8 FF', () => {
    expect(sniffMime(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46))).toBe('image/jpeg');
    expect(sniffMime(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
  });

  it('recognises a PNG by its 8-byte signature', () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
    expect(sniffMime(png)).toBe('image/png');
  });

  it('recognises a WebP by RIFF....WEBP', () => {
    expect(sniffMime(ascii('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });

  it('recognises a PDF by %PDF-', () => {
    expect(sniffMime(ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3'))).toBe('application/pdf');
  });

  it('refuses a Windows program whatever its name (MZ)', () => {
    expect(sniffMime(ascii('MZ\x90\x00\x03\x00\x00\x00\x04\x00'))).toBeNull();
  });

  it('refuses other RIFF files, near misses, text and empty files', () => {
    expect(sniffMime(ascii('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffMime(ascii('RIFF\x24\x00\x00'))).toBeNull();
    expect(sniffMime(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffMime(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(sniffMime(ascii('%PDF'))).toBeNull();
    expect(sniffMime(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffMime(ascii('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffMime(new Uint8Array(0))).toBeNull();
  });

  it('needs no more than SNIFF_BYTES bytes', () => {
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(12);
  });
});
