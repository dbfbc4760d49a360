import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './counter-store.ts';

function behavesAsACounter(name: string, make: () => CounterStore) {
  describe(name, () => {
    const store = make();
    afterAll(() => store.close());

    it('counts per key within the window and resets', async () => {
      const key = randomUUID();
      expect(await store.get(key)).toBe(0);
      expect(await store.increment(key, 60_000)).toBe(1);
      expect(await store.increment(key, 60_000)).toBe(2);
      expect(await store.get(key)).toBe(2);
      await store.reset(key);
      expect(await store.get(key)).toBe(0);
    });

    it('answers how long until the window ends', async () => {
      const key = randomUUID();
      const first = await store.hit(key, 60_000);
      const second = await store.hit(key, 60_000);
      expect(first).toMatchObject({ count: 1 });
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(50_000);
      expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    });

    it('starts again after the window', async () => {
      const key = randomUUID();
      await store.increment(key, 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.get(key)).toBe(0);
      expect(await store.increment(key, 50)).toBe(1);
    });
  });
}

behavesAsACounter('MemoryCounterStore', () => new MemoryCounterStore());
if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  behavesAsACounter('RedisCounterStore', () => new RedisCounterStore(url, `test:${randomUUID()}:`));
}
