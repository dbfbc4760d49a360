import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisViewerStore } from './live-viewers.ts';

const WINDOW = 45_000;

// The database store is tested through the API on both engines (live-play.test.ts).
if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  describe('RedisViewerStore', () => {
    const prefix = `test:${randomUUID()}:`;
    // Two server instances sharing one Redis.
    const one = new RedisViewerStore(url, prefix);
    const two = new RedisViewerStore(url, prefix);
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    it('counts distinct viewers across instances', async () => {
      const t = 1_000_000;
      expect(await one.beat(1, 'u:1', t, WINDOW)).toBe(1);
      expect(await two.beat(1, 'u:1', t + 1_000, WINDOW)).toBe(1);
      expect(await two.beat(1, 'd:phone', t + 2_000, WINDOW)).toBe(2);
      expect(await one.beat(2, 'u:1', t + 2_000, WINDOW)).toBe(1);
      expect(await one.count(1, t + 3_000, WINDOW)).toBe(2);
    });

    it('stops counting a viewer a window after their last heartbeat', async () => {
      const t = 5_000_000;
      await one.beat(3, 'u:1', t, WINDOW);
      await two.beat(3, 'u:2', t + 30_000, WINDOW);
      expect(await one.count(3, t + WINDOW, WINDOW)).toBe(1);
      expect(await one.beat(3, 'u:2', t + 50_000, WINDOW)).toBe(1);
    });
  });
} else {
  describe.skip('RedisViewerStore (set TEST_REDIS_URL)', () => {
    it('counts distinct viewers across instances', () => {});
  });
}
