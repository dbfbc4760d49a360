import { describe, expect, it } from 'vitest';
import { pdfFailureOf } from './pdf-failure.ts';

const named = (name: string, extra: object = {}) => Object.assign(new Error('x'), { name }, extra);

describe('pdfFailureOf', () => {
  it('tells a missing file from a damaged or protected one', () => {
    expect(pdfFailureOf(named('ResponseException', { status: 404, missing: true }))).toBe(
      'missing',
    );
    expect(pdfFailureOf(named('InvalidPDFException'))).toBe('broken');
    expect(pdfFailureOf(named('PasswordException'))).toBe('password');
  });

  it('treats a server error, a lost network or anything else as retryable', () => {
    expect(pdfFailureOf(named('ResponseException', { status: 500, missing: false }))).toBe(
      'network',
    );
    expect(pdfFailureOf(new TypeError('Failed to fetch'))).toBe('network');
    expect(pdfFailureOf('boom')).toBe('network');
    expect(pdfFailureOf(null)).toBe('network');
  });
});
