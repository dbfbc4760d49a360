import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushKey, PushPayload } from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { ReminderJob } from '../messages/reminder-job.ts';

/*
 * Web Push (issue 32) against a push service run here: a learner's browser subscribes (its keys
 * made as a browser makes them), reserves a live session, and an hour before it the reminder job
 * sends the message and pushes it; the push service receives it signed with the server's VAPID
 * key, and the payload decrypts, with the browser's private key, to the reminder.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The local push service: answers 201, or `gone` (410) for the paths listed there. */
const deliveries: Delivery[] = [];
const gone = new Set<string>();
const pushService = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    deliveries.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
    response.statusCode = gone.has(path) ? 410 : 201;
    response.end();
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const pushHost = `127.0.0.1:${(pushService.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

/** A browser's subscription: its P-256 key pair and auth secret, at a path of the service. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  const p256dh = ecdh.generateKeys().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: { endpoint: `http://${pushHost}${path}`, keys: { p256dh, auth } },
  };
}

describeEachEngine(
  'reminders pushed to a closed portal',
  (ctx) => {
    const app = () => ctx().app;
    let channelId: number;
    let learner: TestLearner;

    const post = (url: string, payload: object, token = learner.token) =>
      app().inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'x-finger': 'phone-1' },
        payload,
      });

    beforeAll(async () => {
      channelId = await createLiveChannel(app().database.db, { siteKey: 'jingan' });
    });
    beforeEach(async () => {
      deliveries.length = 0;
      [learner] = (await createLearners(app().database.db, 1)) as [TestLearner];
      // Earlier tests' reminders are closed: each test runs the job at times of its own.
      await app()
        .database.db.updateTable('message_reminders')
        .set({ done_at: 0, outcome: 'missed' })
        .where('done_at', 'is', null)
        .execute();
    });

    it('answers the public key a browser subscribes with', async () => {
      const key = body<PushKey>(await app().inject({ url: '/api/push/key' })).data;
      expect(key.enabled).toBe(true);
      expect(Buffer.from(key.publicKey ?? '', 'base64url')).toHaveLength(65);
    });

    it('pushes the hour-ahead reminder of a reserved live session; it decrypts to the reminder', async () => {
      const browser = browserSubscription('/push/phone-1');
      expect(body(await post('/api/push/subscribe', browser.json)).data).toEqual({
        subscribed: true,
      });
      const startsAt = Date.now() + 3 * HOUR;
      const sessionId = await createLiveSession(app().database.db, {
        site_key: 'jingan',
        channel_id: channelId,
        starts_at: startsAt,
        ends_at: startsAt + HOUR,
        title: '社区合唱团直播',
      });
      expect(body(await post('/api/live/reservations', { sessionId })).code).toBe(0);

      // An hour before: the message is written, then pushed.
      const pushed: Promise<unknown>[] = [];
      const job = new ReminderJob(app().database.db, {
        now: () => startsAt - HOUR + MINUTE,
        onSent: (row) => pushed.push(app().push.notifyReminder(row)),
      });
      expect((await job.runOnce()).sent).toBe(1);
      expect(await Promise.all(pushed)).toEqual([{ sent: 1, removed: 0, failed: 0 }]);

      expect(deliveries).toHaveLength(1);
      const [delivery] = deliveries as [Delivery];
      expect(delivery.path).toBe('/push/phone-1');
      expect(delivery.headers['content-encoding']).toBe('aes128gcm');
      expect(delivery.headers.ttl).toBe('3600');
      // Signed with the server's key (VAPID): the key it publishes.
      const { publicKey } = body<PushKey>(await app().inject({ url: '/api/push/key' })).data;
      expect(delivery.headers.authorization).toContain(`k=${publicKey}`);
      const payload = JSON.parse(
        decrypt(delivery.body, {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth,
        }).toString('utf8'),
      ) as PushPayload;
      expect(payload).toEqual({
        title: '直播提醒：「社区合唱团直播」1 小时后开始',
        body: expect.stringContaining('您预约的直播「社区合唱团直播」将于'),
        url: `/liveDetails?id=${sessionId}`,
        tag: expect.stringMatching(/^reminder-\d+$/),
        icon: '/app-icon-192.png',
      });
      // The in-app message is there too: the fallback where push is not available.
      const messages = await app()
        .database.db.selectFrom('messages')
        .select('title')
        .where('user_id', '=', learner.id)
        .where('kind', '=', 'reminder')
        .execute();
      expect(messages.map((message) => message.title)).toEqual([payload.title]);
    });

    it('removes a subscription the push service says is gone, and one the learner ends', async () => {
      const browser = browserSubscription('/push/gone-phone');
      const other = browserSubscription('/push/other-phone');
      await post('/api/push/subscribe', browser.json);
      await post('/api/push/subscribe', other.json);
      gone.add('/push/gone-phone');
      const run = await app().push.notify(learner.id, 'jingan', {
        title: '测试',
        body: '测试',
        url: '/index/home',
        tag: 'test',
      });
      expect(run).toEqual({ sent: 1, removed: 1, failed: 0 });
      // Logout on the other phone: it unsubscribes; nothing is left to push to.
      expect(
        body(await post('/api/push/unsubscribe', { endpoint: other.json.endpoint })).data,
      ).toEqual({ subscribed: false });
      const rows = await app()
        .database.db.selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', learner.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it("gives a browser's subscription to whoever subscribed it last, never to two learners", async () => {
      const [second] = (await createLearners(app().database.db, 1)) as [TestLearner];
      const browser = browserSubscription('/push/shared-phone');
      await post('/api/push/subscribe', browser.json);
      await post('/api/push/subscribe', browser.json, second.token);
      const rows = await app()
        .database.db.selectFrom('push_subscriptions')
        .select('user_id')
        .where('endpoint', '=', browser.json.endpoint)
        .execute();
      expect(rows).toEqual([{ user_id: second.id }]);
    });

    describe('bad input', () => {
      it('refuses an address that is not a push service, and keys that are not keys', async () => {
        const browser = browserSubscription('/push/x');
        const internal = body(
          await post('/api/push/subscribe', {
            ...browser.json,
            endpoint: 'http://169.254.169.254/latest/meta-data',
          }),
        );
        expect(internal).toMatchObject({
          code: ErrorCode.invalid,
          message: '推送地址不是浏览器的推送服务',
        });
        const badKeys = body(
          await post('/api/push/subscribe', {
            ...browser.json,
            keys: { p256dh: 'not a key!', auth: '' },
          }),
        );
        expect(badKeys.code).toBe(ErrorCode.invalid);
        expect(badKeys.message).toMatch(/推送公钥格式不正确|推送密钥不能为空/);
        const visitor = body(
          await app().inject({ method: 'POST', url: '/api/push/subscribe', payload: browser.json }),
        );
        expect(visitor.code).toBe(ErrorCode.loginRequired);
        const rows = await app()
          .database.db.selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', learner.id)
          .execute();
        expect(rows).toEqual([]);
      });
    });
  },
  { pushHosts: [pushHost] },
);
