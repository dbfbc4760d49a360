import { randomUUID } from 'node:crypto';
import type { Device, UserInfo } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  getAs,
  loginFrom,
  postAs,
  registerLearner,
  TEST_PASSWORD,
} from '../../testing/account-factory.ts';
import { multipart } from '../../testing/activity-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { SessionCache } from './session-cache.ts';

interface Row {
  id: number;
  name: string;
}

/** A cache and a loader that counts its reads of "the database" (`rows`). */
function counting(cache: SessionCache<Row>) {
  const rows = new Map<string, Row>();
  let reads = 0;
  return {
    rows,
    reads: () => reads,
    read: (hash: string) =>
      cache.read(hash, async () => {
        reads += 1;
        return rows.get(hash);
      }),
  };
}

describe('SessionCache', () => {
  it('keeps a session it read, and forgets a token or all of a learner at once', async () => {
    const cache = new SessionCache<Row>();
    const db = counting(cache);
    db.rows.set('a', { id: 1, name: 'a' });
    db.rows.set('b', { id: 1, name: 'b' });
    db.rows.set('c', { id: 2, name: 'c' });
    for (const hash of ['a', 'a', 'b', 'c', 'c']) await db.read(hash);
    expect(db.reads()).toBe(3);
    await cache.forgetToken('a');
    expect(await db.read('a')).toEqual({ id: 1, name: 'a' });
    expect(db.reads()).toBe(4);
    await cache.forgetLearner(1);
    expect(cache.keeps(1)).toBe(false);
    expect(cache.keeps(2)).toBe(true);
    await db.read('b');
    expect(db.reads()).toBe(5);
  });

  it('never keeps an unknown token, nor a read that began before a forget', async () => {
    const cache = new SessionCache<Row>();
    expect(await cache.read('nobody', async () => undefined)).toBeUndefined();
    expect(cache.keeps(0)).toBe(false);
    // The read began with the old row; the change was written and told before it answered.
    let answer: (row: Row) => void = () => {};
    const slow = cache.read('a', () => new Promise<Row>((resolve) => (answer = resolve)));
    await cache.forgetLearner(7);
    answer({ id: 7, name: 'old' });
    expect(await slow).toEqual({ id: 7, name: 'old' });
    expect(cache.keeps(7)).toBe(false);
  });

  it('keeps a session for its time at most', async () => {
    const cache = new SessionCache<Row>({ ttlMs: 30 });
    const db = counting(cache);
    db.rows.set('a', { id: 1, name: 'a' });
    await db.read('a');
    await db.read('a');
    expect(db.reads()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await db.read('a');
    expect(db.reads()).toBe(2);
  });

  it('keeps nothing while it cannot hear the other instances (Redis away)', async () => {
    const cache = new SessionCache<Row>({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const db = counting(cache);
      db.rows.set('a', { id: 1, name: 'a' });
      await db.read('a');
      await db.read('a');
      expect(db.reads()).toBe(2);
    } finally {
      await cache.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('SessionCache on several instances sharing Redis', () => {
  const caches: SessionCache<Row>[] = [];
  afterAll(async () => {
    for (const cache of caches) await cache.close();
  });

  /** An instance's cache, once it hears the others. */
  async function instance(channel: string) {
    const cache = new SessionCache<Row>({ redisUrl, channel });
    caches.push(cache);
    const db = counting(cache);
    db.rows.set('probe', { id: -1, name: 'probe' });
    const heard = async () => {
      await db.read('probe');
      return cache.keeps(-1);
    };
    await expect.poll(heard).toBe(true);
    return { cache, db };
  }

  it("forgets on every instance what one of them was told, within Redis's delivery", async () => {
    const channel = `test:sessions:${randomUUID()}`;
    const [a, b] = [await instance(channel), await instance(channel)];
    for (const { db } of [a, b]) {
      db.rows.set('t1', { id: 1, name: 't1' });
      db.rows.set('t2', { id: 2, name: 't2' });
      await db.read('t1');
      await db.read('t2');
    }
    await a.cache.forgetToken('t1');
    await expect.poll(() => b.cache.keeps(1)).toBe(false);
    expect(b.cache.keeps(2)).toBe(true);
    await b.cache.forgetLearner(2);
    await expect.poll(() => a.cache.keeps(2)).toBe(false);
  });
});

const photo = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

describeEachEngine('kept sessions and the changes of a learner', (ctx) => {
  const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 13; V2219A) AppleWebKit/537.36 Chrome/116.0';

  /** A learner signed in on two devices, both tokens just used (so both kept). */
  async function twoDevices() {
    const { app } = ctx();
    const learner = await registerLearner(app);
    const phone = await loginFrom(app, learner.phone, IPAD);
    const pad = await loginFrom(app, learner.phone, ANDROID);
    for (const token of [learner.token, phone, pad]) {
      expect((await getAs(app, token, '/api/account/me')).code).toBe(0);
    }
    expect(app.accounts.sessions.keeps(learner.id)).toBe(true);
    return { app, learner, phone, pad };
  }

  const me = (token: string) => getAs<UserInfo>(ctx().app, token, '/api/account/me');

  it('a logged-out token is refused at once', async () => {
    const { app, phone } = await twoDevices();
    await app.inject({ url: '/api/account/logout', method: 'POST', headers: bearer(phone) });
    expect((await me(phone)).code).toBe(301);
  });

  it('a new avatar shows on the next call', async () => {
    const { app, learner } = await twoDevices();
    const { payload, headers } = multipart({}, [
      { field: 'file', name: 'me.png', type: 'image/png', content: await photo() },
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { ...headers, ...bearer(learner.token) },
      payload,
    });
    const avatar = JSON.parse(answer.body).data.avatar as string;
    expect(avatar).toMatch(/^\/files\/avatars\//);
    expect((await me(learner.token)).data.avatar).toBe(avatar);
  });

  it('a changed password signs the other devices out at once', async () => {
    const { app, learner, phone, pad } = await twoDevices();
    const changed = await postAs(app, learner.token, '/api/account/password', {
      oldPassword: TEST_PASSWORD,
      newPassword: 'Fresh2026y',
    });
    expect(changed.code).toBe(0);
    expect((await me(phone)).code).toBe(301);
    expect((await me(pad)).code).toBe(301);
    expect((await me(learner.token)).code).toBe(0);
  });

  it('a device signed out, or all others, is refused at once', async () => {
    const { app, learner, phone, pad } = await twoDevices();
    const devices = await getAs<Device[]>(app, phone, '/api/account/devices');
    const ipad = devices.data.find((device) => device.current);
    expect(ipad).toBeDefined();
    const out = await postAs(app, learner.token, '/api/account/devices/sign-out', {
      id: ipad?.id,
    });
    expect(out.code).toBe(0);
    expect((await me(phone)).code).toBe(301);
    expect((await me(pad)).code).toBe(0);
    expect(
      (await postAs(app, learner.token, '/api/account/devices/sign-out-others', {})).code,
    ).toBe(0);
    expect((await me(pad)).code).toBe(301);
    expect((await me(learner.token)).code).toBe(0);
  });
});
