import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size.ts';

describe('formatFileSize', () => {
  it('answers bytes, KB or MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('2 KB');
    expect(formatFileSize(880_640)).toBe('860 KB');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
    expect(formatFileSize(15.6 * 1024 * 1024)).toBe('16 MB');
  });

  it('answers a dash for no size', () => {
    expect(formatFileSize(0)).toBe('—');
    expect(formatFileSize(Number.NaN)).toBe('—');
  });
});
