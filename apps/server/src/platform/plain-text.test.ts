import { describe, expect, it } from 'vitest';
import { cleanIntroduction } from './plain-text.ts';

describe('cleanIntroduction', () => {
  it('keeps paragraphs, drops control characters and extra blank lines', () => {
    expect(cleanIntroduction('  一\u0007段 \r\n\r\n\r\n\r\n二段\t\n')).toBe('一段\n\n二段');
  });
});
