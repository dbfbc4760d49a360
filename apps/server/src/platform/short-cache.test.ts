import { describe, expect, it } from 'vitest';
import { ShortCache } from './short-cache.ts';

describe('ShortCache', () => {
  it('shares one load between callers within the time, and loads again after it', async () => {
    const cache = new ShortCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', 0, load), cache.get('a', 999, load)])).toEqual([1, 1]);
    expect(await cache.get('a', 1_000, load)).toBe(2);
    expect(await cache.get('b', 1_000, load)).toBe(3);
    cache.clear();
    expect(await cache.get('a', 1_001, load)).toBe(4);
  });

  it('does not keep a load that failed', async () => {
    const cache = new ShortCache<string>(1_000);
    await expect(cache.get('a', 0, () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.get('a', 1, async () => 'up')).toBe('up');
  });

  it('loads again when the clock has gone back (the kept answer is not fresh for longer)', async () => {
    const cache = new ShortCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', 10_000, load)).toBe(1);
    expect(await cache.get('a', 10_500, load)).toBe(1);
    expect(await cache.get('a', 4_000, load)).toBe(2);
  });
});
