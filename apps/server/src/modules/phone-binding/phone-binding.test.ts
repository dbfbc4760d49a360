import type { Bindings, UserInfo } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RecordingCodeSender } from '../../platform/sms.ts';
import {
  getAs,
  newPhone,
  postAs,
  registerLearner,
  TEST_PASSWORD,
} from '../../testing/account-factory.ts';
import { body, describeEachEngine, loginAs, ssoTicket } from '../../testing/test-app.ts';
import { CODE_TTL_MS, MAX_CODES_PER_ADDRESS } from './phone-binding.service.ts';

/** The test app's clock: real time plus `shift`, so a test can let five minutes pass. */
const clock = { shift: 0, now: () => Date.now() + clock.shift };
let sender = new RecordingCodeSender();
const build = () => {
  sender = new RecordingCodeSender();
  return { codeSender: sender, clock: clock.now };
};

const sendCode = (app: FastifyInstance, token: string, phone?: string, address = '10.0.0.1') =>
  app
    .inject({
      method: 'POST',
      url: '/api/account/phone/code',
      remoteAddress: address,
      headers: { authorization: `Bearer ${token}` },
      payload: { purpose: phone ? 'bind' : 'unbind', ...(phone ? { phone } : {}) },
    })
    .then((response) => body<{ resendAfterSeconds: number }>(response));

const bind = (app: FastifyInstance, token: string, phone: string, code: string) =>
  postAs<Bindings>(app, token, '/api/account/phone/bind', { phone, code });

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function triesOf(app: FastifyInstance, phone: string) {
  const rows = await app.database.db
    .selectFrom('phone_codes')
    .select('tries')
    .where('phone', '=', phone)
    .execute();
  return rows.map((row) => Number(row.tries));
}

describeEachEngine(
  'phone binding API',
  (ctx) => {
    describe('GET /api/account/bindings', () => {
      it('shows the demo learner’s phone, masked, which cannot be unbound without another way in', async () => {
        const { app } = ctx();
        const token = await loginAs(app, '13800000002');
        expect(await getAs(app, token, '/api/account/bindings')).toEqual({
          code: 0,
          message: '',
          data: {
            phone: '138****0002',
            canUnbind: false,
            external: {
              configured: false,
              name: '统一身份认证',
              loginUrl: null,
              bound: false,
              displayName: null,
              boundAt: null,
              canUnbind: false,
            },
          },
        });
      });

      it('answers 301 to a visitor on every binding endpoint', async () => {
        const { app } = ctx();
        expect((await getAs(app, null, '/api/account/bindings')).code).toBe(301);
        for (const url of [
          '/api/account/phone/code',
          '/api/account/phone/bind',
          '/api/account/phone/unbind',
        ]) {
          expect((await postAs(app, null, url, {})).code).toBe(301);
        }
      });
    });

    describe('binding a new phone with a code', () => {
      it('changes the login phone: the new number logs in, the old one is free', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const next = newPhone();
        expect(await sendCode(app, learner.token, next)).toEqual({
          code: 0,
          message: '',
          data: { resendAfterSeconds: 60 },
        });
        expect(sender.sent.at(-1)).toMatchObject({ phone: next, purpose: 'bind' });
        const code = sender.lastCodeFor(next);
        expect(code).toMatch(/^\d{6}$/);
        const answer = await bind(app, learner.token, next, code);
        expect(answer).toMatchObject({
          code: 0,
          data: { phone: `${next.slice(0, 3)}****${next.slice(7)}` },
        });
        const me = await getAs<UserInfo>(app, learner.token, '/api/account/me');
        expect(me.data.username).toBe(next);
        await expect(ssoTicket(app, next, TEST_PASSWORD)).resolves.toBeTruthy();
        await expect(ssoTicket(app, learner.phone, TEST_PASSWORD)).rejects.toThrow();
        // The code is spent.
        expect((await bind(app, learner.token, next, code)).code).toBe(400);
      });

      it('never binds phone B with the code sent to phone A', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const [a, b] = [newPhone(), newPhone()];
        await sendCode(app, learner.token, a);
        const answer = await bind(app, learner.token, b, sender.lastCodeFor(a));
        expect(answer).toEqual({
          code: 400,
          message: '验证码：请先获取发送到该手机号的验证码',
          data: null,
        });
        expect((await getAs<UserInfo>(app, learner.token, '/api/account/me')).data.username).toBe(
          learner.phone,
        );
      });

      it('allows five tries per code: the sixth is refused even with the right code', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const next = newPhone();
        await sendCode(app, learner.token, next);
        const code = sender.lastCodeFor(next);
        const messages: string[] = [];
        for (let i = 0; i < 5; i += 1) {
          messages.push((await bind(app, learner.token, next, otherThan(code))).message);
        }
        expect(messages).toEqual([
          '验证码错误，还可以再试 4 次',
          '验证码错误，还可以再试 3 次',
          '验证码错误，还可以再试 2 次',
          '验证码错误，还可以再试 1 次',
          '验证码错误次数过多，请重新获取',
        ]);
        expect(await bind(app, learner.token, next, code)).toEqual({
          code: 429,
          message: '验证码错误次数过多，请重新获取',
          data: null,
        });
        expect((await getAs<UserInfo>(app, learner.token, '/api/account/me')).data.username).toBe(
          learner.phone,
        );
      });

      it('counts concurrent guesses against the same five tries', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const next = newPhone();
        await sendCode(app, learner.token, next);
        const code = sender.lastCodeFor(next);
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => bind(app, learner.token, next, otherThan(code))),
        );
        expect(answers.filter((answer) => answer.code === 400)).toHaveLength(5);
        expect(answers.filter((answer) => answer.code === 429)).toHaveLength(7);
        expect(await triesOf(app, next)).toEqual([5]);
        expect((await bind(app, learner.token, next, code)).code).toBe(429);
      });

      it('refuses a code after five minutes', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const next = newPhone();
        await sendCode(app, learner.token, next);
        clock.shift = CODE_TTL_MS + 1;
        try {
          expect(await bind(app, learner.token, next, sender.lastCodeFor(next))).toEqual({
            code: 400,
            message: '验证码已过期，请重新获取',
            data: null,
          });
        } finally {
          clock.shift = 0;
        }
      });

      it('sends one code a minute and five an hour per phone', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const next = newPhone();
        expect((await sendCode(app, learner.token, next)).code).toBe(0);
        expect(await sendCode(app, learner.token, next)).toEqual({
          code: 429,
          message: '验证码已发送，请 60 秒后再获取',
          data: null,
        });
        for (let i = 0; i < 4; i += 1) {
          await app.counters.reset(`sms:gap:${next}`); // a minute passes
          expect((await sendCode(app, learner.token, next)).code).toBe(0);
        }
        await app.counters.reset(`sms:gap:${next}`);
        expect(await sendCode(app, learner.token, next)).toEqual({
          code: 429,
          message: '该手机号获取验证码过于频繁，请 1 小时后再试',
          data: null,
        });
        expect(sender.sent.filter((message) => message.phone === next)).toHaveLength(5);
      });

      it('limits the codes one client address asks for', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const address = '10.9.8.7';
        for (let i = 0; i < MAX_CODES_PER_ADDRESS; i += 1) {
          expect((await sendCode(app, learner.token, newPhone(), address)).code).toBe(0);
        }
        expect(await sendCode(app, learner.token, newPhone(), address)).toEqual({
          code: 429,
          message: '获取验证码过于频繁，请 1 小时后再试',
          data: null,
        });
      });

      it('refuses a number that another account uses, and a malformed number or code', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const sentBefore = sender.sent.length;
        expect(await sendCode(app, learner.token, '13800000001')).toEqual({
          code: 409,
          message: '该手机号已绑定其他账号',
          data: null,
        });
        expect(await sendCode(app, learner.token, learner.phone)).toEqual({
          code: 400,
          message: '手机号：已是当前绑定的手机号',
          data: null,
        });
        expect(await sendCode(app, learner.token, '1380000')).toEqual({
          code: 400,
          message: '手机号：请输入 11 位手机号',
          data: null,
        });
        expect(await bind(app, learner.token, newPhone(), '12ab')).toEqual({
          code: 400,
          message: '验证码：请输入 6 位数字验证码',
          data: null,
        });
        expect(sender.sent.length).toBe(sentBefore);
      });

      it('binds a number to one account only when two bind it at the same moment', async () => {
        const { app } = ctx();
        const [first, second] = [await registerLearner(app), await registerLearner(app)];
        const contested = newPhone();
        await sendCode(app, first.token, contested, '10.1.1.1');
        const firstCode = sender.lastCodeFor(contested);
        await app.counters.reset(`sms:gap:${contested}`);
        await sendCode(app, second.token, contested, '10.1.1.2');
        const secondCode = sender.lastCodeFor(contested);
        const answers = await Promise.all([
          bind(app, first.token, contested, firstCode),
          bind(app, second.token, contested, secondCode),
        ]);
        expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
        expect(answers.find((answer) => answer.code === 409)?.message).toBe(
          '该手机号已绑定其他账号',
        );
        const owners = await app.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', contested)
          .execute();
        expect(owners).toHaveLength(1);
      });
    });

    describe('unbinding the phone', () => {
      it('is refused when the phone is the only way in (the built-in account center)', async () => {
        const { app } = ctx();
        const learner = await registerLearner(app);
        const sentBefore = sender.sent.length;
        const message = '手机号是当前账号唯一的登录方式，不能解绑；可以更换为新的手机号';
        expect(await sendCode(app, learner.token)).toEqual({ code: 409, message, data: null });
        expect(
          await postAs(app, learner.token, '/api/account/phone/unbind', { code: '123456' }),
        ).toEqual({ code: 409, message, data: null });
        expect(sender.sent.length).toBe(sentBefore);
      });
    });
  },
  {},
  build,
);
