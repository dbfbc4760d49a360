import { describe, expect, it } from 'vitest';
import {
  ANSWERS_PREFIX,
  cacheOfLine,
  hashOf,
  lineOf,
  othersCaches,
  VISITOR_CACHE,
  withToken,
} from './learners.ts';

describe('whose kept answers are whose', () => {
  it('starts a line at a login and continues it through each rotation of the token', async () => {
    const [first, second, third] = await Promise.all(['t1', 't2', 't3'].map(hashOf));
    if (!first || !second || !third) throw new Error('no hash');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    let lines = withToken({ lines: {} }, first, null);
    lines = withToken(lines, second, first);
    lines = withToken(lines, third, second);
    expect(lineOf(lines, third)).toBe(first);
    expect(lineOf(lines, second)).toBe(first);
    // Another learner's login: a line of its own.
    const other = await hashOf('other');
    lines = withToken(lines, other, null);
    expect(lineOf(lines, other)).toBe(other);
    expect(lineOf(lines, await hashOf('never seen'))).toBeNull();
  });

  it('remembers the latest tokens only', async () => {
    let lines = { lines: {} as Record<string, string> };
    let previous: string | null = null;
    for (let n = 0; n < 20; n += 1) {
      const hash = await hashOf(`t${n}`);
      lines = withToken(lines, hash, previous);
      previous = hash;
    }
    expect(Object.keys(lines.lines)).toHaveLength(8);
    expect(lineOf(lines, previous ?? '')).toBe(await hashOf('t0'));
  });

  it('drops the other learners’ answers, never the visitors’ nor unrelated caches', () => {
    const names = [VISITOR_CACHE, cacheOfLine('a'), cacheOfLine('b'), 'portal-assets', 'other'];
    expect(othersCaches(names, 'a')).toEqual([cacheOfLine('b')]);
    expect(othersCaches(names, null)).toEqual([cacheOfLine('a'), cacheOfLine('b')]);
    expect(cacheOfLine('a').startsWith(ANSWERS_PREFIX)).toBe(true);
  });
});
