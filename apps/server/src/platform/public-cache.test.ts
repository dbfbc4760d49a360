import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PublicCache } from './public-cache.ts';

/** A cache on a clock the test moves; `loads` counts the answers built. */
function counting(make: (now: () => number) => PublicCache) {
  let clock = 1_000;
  let loads = 0;
  const cache = make(() => clock);
  return {
    cache,
    load: async () => Buffer.from(`answer ${++loads}`),
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

function behavesAsAPublicCache(name: string, make: (now: () => number) => PublicCache) {
  describe(name, () => {
    const caches: PublicCache[] = [];
    const made = (now: () => number) => {
      const cache = make(now);
      caches.push(cache);
      return cache;
    };
    const ready = async (cache: PublicCache) => {
      await cache.ready();
      return cache;
    };
    afterAll(async () => {
      for (const cache of caches) await cache.close();
    });

    it('reuses an answer for a short time, per site and key, then builds it again', async () => {
      const { cache, load, tick } = counting(made);
      await ready(cache);
      const site = `s${randomUUID()}`;
      const both = await Promise.all([
        cache.answer(site, 'k', load),
        cache.answer(site, 'k', load),
      ]);
      expect(both.map(String)).toEqual(['answer 1', 'answer 1']);
      expect(String(await cache.answer(site, 'other', load))).toBe('answer 2');
      expect(String(await cache.answer(`${site}b`, 'k', load))).toBe('answer 3');
      tick(1_999);
      expect(String(await cache.answer(site, 'k', load))).toBe('answer 1');
      tick(1);
      expect(String(await cache.answer(site, 'k', load))).toBe('answer 4');
    });

    it("drops a site's answers at once when its content changes, and only that site's", async () => {
      const { cache, load } = counting(made);
      await ready(cache);
      const site = `s${randomUUID()}`;
      const other = `o${randomUUID()}`;
      expect(String(await cache.answer(site, 'k', load))).toBe('answer 1');
      expect(String(await cache.answer(other, 'k', load))).toBe('answer 2');
      const before = await cache.version(site);
      await cache.invalidate(site);
      expect(await cache.version(site)).not.toBe(before);
      expect(String(await cache.answer(site, 'k', load))).toBe('answer 3');
      expect(String(await cache.answer(other, 'k', load))).toBe('answer 2');
      cache.forget();
      expect(String(await cache.answer(other, 'k', load))).toBe('answer 4');
    });

    it('keeps no failed answer', async () => {
      const { cache, load } = counting(made);
      const site = `s${randomUUID()}`;
      await expect(
        cache.answer(site, 'k', () => Promise.reject(new Error('down'))),
      ).rejects.toThrow('down');
      expect(String(await cache.answer(site, 'k', load))).toBe('answer 1');
    });
  });
}

behavesAsAPublicCache('PublicCache in memory', (now) => new PublicCache({ now }));

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const prefix = `test:${randomUUID()}:`;
  behavesAsAPublicCache(
    'PublicCache with Redis',
    (now) => new PublicCache({ now, redisUrl, prefix }),
  );

  describe('PublicCache with Redis, several instances', () => {
    const shared = `test:${randomUUID()}:`;
    const one = new PublicCache({ redisUrl, prefix: shared });
    const two = new PublicCache({ redisUrl, prefix: shared });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    it("retires every instance's answers when one of them sees a change", async () => {
      await Promise.all([one.ready(), two.ready()]);
      let loads = 0;
      const load = async () => Buffer.from(`answer ${++loads}`);
      expect(String(await one.answer('jingan', 'k', load))).toBe('answer 1');
      expect(String(await one.answer('jingan', 'k', load))).toBe('answer 1');
      await two.invalidate('jingan');
      expect(String(await one.answer('jingan', 'k', load))).toBe('answer 2');
    });
  });
} else {
  describe('PublicCache with Redis', () => {
    it.skip('needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)', () => {});
  });
}

describe('PublicCache when Redis cannot be reached', () => {
  const cache = new PublicCache({
    redisUrl: 'redis://127.0.0.1:1',
    prefix: `test:${randomUUID()}:`,
  });
  afterAll(() => cache.close());

  it('serves fresh answers instead of failing or waiting', async () => {
    let loads = 0;
    const load = async () => Buffer.from(`answer ${++loads}`);
    expect(String(await cache.answer('jingan', 'k', load))).toBe('answer 1');
    expect(String(await cache.answer('jingan', 'k', load))).toBe('answer 2');
    await expect(cache.invalidate('jingan')).resolves.toBeUndefined();
  });
});

describe('PublicCache: kept answers compressed once', () => {
  const text = Buffer.from(
    JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => `学习点${i}`) }),
  );

  it('compresses a kept answer once per coding, and it decodes to the answer', async () => {
    const cache = new PublicCache({ now: () => 1_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return text;
    };
    const br = await cache.encodedAnswer('jingan', 'k', load, 'br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.bytes)).toEqual(text);
    expect(br.bytes.length).toBeLessThan(text.length / 3);
    // The same bytes again: compressed once, not per call.
    expect((await cache.encodedAnswer('jingan', 'k', load, 'br')).bytes).toBe(br.bytes);
    const gzip = await cache.encodedAnswer('jingan', 'k', load, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.bytes)).toEqual(text);
    expect(await cache.encodedAnswer('jingan', 'k', load, null)).toEqual({
      bytes: text,
      encoding: null,
    });
    expect(loads).toBe(1);
    await cache.close();
  });

  it('sends small answers, and answers it does not keep, as they are', async () => {
    const small = new PublicCache({ now: () => 1_000 });
    const tiny = Buffer.from('{"code":0}');
    expect(await small.encodedAnswer('jingan', 'k', async () => tiny, 'br')).toEqual({
      bytes: tiny,
      encoding: null,
    });
    const off = new PublicCache({ ttlMs: 0 });
    expect(await off.encodedAnswer('jingan', 'k', async () => text, 'br')).toEqual({
      bytes: text,
      encoding: null,
    });
    await small.close();
    await off.close();
  });
});
