import type { AddressInfo } from 'node:net';
import type { Bindings, LoginResult } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingCodeSender } from '../../platform/sms.ts';
import { getAs, postAs, registerLearner, TEST_PASSWORD } from '../../testing/account-factory.ts';
import { body, buildTestApp, type TestApp, testEngines } from '../../testing/test-app.ts';

/** The portal's origin as the identity provider's login sends the browser back to it. */
const PORTAL = 'http://portal.example.cn';

/**
 * Logs `username` in at the identity provider's account center (another portal's, trusting
 * this one) for a callback on the portal; answers the ticket it hands back.
 */
async function idpTicket(
  idp: FastifyInstance,
  username: string,
  callback = `${PORTAL}/bindSetting`,
) {
  const response = await idp.inject({
    method: 'POST',
    url: '/sso/login',
    headers: { host: 'localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password: TEST_PASSWORD, callback }).toString(),
  });
  const location = String(response.headers.location ?? '');
  expect(response.statusCode, location).toBe(302);
  const url = new URL(location);
  expect(url.origin).toBe(PORTAL);
  return url.searchParams.get('ticket') ?? '';
}

const bindings = (app: FastifyInstance, token: string) =>
  getAs<Bindings>(app, token, '/api/account/bindings');
const bindIdentity = (app: FastifyInstance, token: string, ticket: string) =>
  postAs<Bindings>(app, token, '/api/account/identity/bind', { ticket });
const unbindIdentity = (app: FastifyInstance, token: string) =>
  postAs<Bindings>(app, token, '/api/account/identity/unbind');
const loginWith = async (app: FastifyInstance, ticket: string) =>
  body<LoginResult>(
    await app.inject({ method: 'POST', url: '/api/account/login', payload: { ticket } }),
  );

for (const engine of testEngines()) {
  describe(`external identity provider [${engine}]`, () => {
    let idp: TestApp;
    let portal: TestApp;
    let down: TestApp;
    let sender: RecordingCodeSender;

    beforeAll(async () => {
      // The provider is another portal's account center (its own database), trusting this one.
      idp = await buildTestApp('sqlite', { ssoTrustedOrigins: [PORTAL] });
      await idp.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(idp.app.server.address() as AddressInfo).port}`;
      sender = new RecordingCodeSender();
      portal = await buildTestApp(
        engine,
        {
          externalIdp: {
            name: '统一身份认证',
            loginUrl: `${base}/sso/login`,
            validateUrl: `${base}/api/sso/validate`,
          },
        },
        undefined,
        { codeSender: sender },
      );
      down = await buildTestApp(engine, {
        externalIdp: {
          name: '市民云',
          loginUrl: 'http://127.0.0.1:9/sso/login',
          validateUrl: 'http://127.0.0.1:9/sso/validate',
        },
      });
    }, 60_000);
    afterAll(async () => {
      await portal?.close();
      await down?.close();
      await idp?.close();
    });

    it('binds the person behind a provider ticket, and signs the learner in with it', async () => {
      const { app } = portal;
      const learner = await registerLearner(app);
      const before = await bindings(app, learner.token);
      expect(before.data).toMatchObject({
        canUnbind: false,
        external: { configured: true, bound: false, canUnbind: false },
      });
      expect(before.data.external.loginUrl).toMatch(/\/sso\/login$/);

      const person = await registerLearner(idp.app);
      const ticket = await idpTicket(idp.app, person.phone);
      const bound = await bindIdentity(app, learner.token, ticket);
      expect(bound).toMatchObject({
        code: 0,
        data: {
          canUnbind: true,
          external: { bound: true, displayName: `学员${person.phone.slice(-4)}`, canUnbind: true },
        },
      });
      expect(Date.parse(bound.data.external.boundAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

      // The ticket is spent: redeeming it again is refused and changes nothing.
      const replay = await bindIdentity(app, learner.token, ticket);
      expect(replay).toEqual({
        code: 400,
        message: '统一身份认证票据无效或已过期，请重新认证',
        data: null,
      });

      // A fresh ticket of the same person signs in the same account here.
      const login = await loginWith(
        app,
        await idpTicket(idp.app, person.phone, `${PORTAL}/authPage`),
      );
      expect(login.code).toBe(0);
      expect(login.data.userInfo.id).toBe(learner.id);
    });

    it('refuses a person bound to another learner, and lets a learner change to another person', async () => {
      const { app } = portal;
      const first = await registerLearner(app);
      const second = await registerLearner(app);
      const person = await registerLearner(idp.app);
      const other = await registerLearner(idp.app);
      expect(
        (await bindIdentity(app, first.token, await idpTicket(idp.app, person.phone))).code,
      ).toBe(0);

      const taken = await bindIdentity(app, second.token, await idpTicket(idp.app, person.phone));
      expect(taken).toEqual({
        code: 409,
        message: '该统一身份认证账号已绑定其他学员账号',
        data: null,
      });
      expect((await bindings(app, second.token)).data.external.bound).toBe(false);

      // 更换: the first learner moves to another person, which frees the first one.
      const changed = await bindIdentity(app, first.token, await idpTicket(idp.app, other.phone));
      expect(changed.data.external.displayName).toBe(`学员${other.phone.slice(-4)}`);
      expect(
        (await bindIdentity(app, second.token, await idpTicket(idp.app, person.phone))).code,
      ).toBe(0);
      const login = await loginWith(
        app,
        await idpTicket(idp.app, person.phone, `${PORTAL}/authPage`),
      );
      expect(login.data.userInfo.id).toBe(second.id);
    });

    it('does not sign in a person who has bound no account here', async () => {
      const person = await registerLearner(idp.app);
      const login = await loginWith(
        portal.app,
        await idpTicket(idp.app, person.phone, `${PORTAL}/authPage`),
      );
      expect(login.code).toBe(400);
      expect(login.message).toContain('还没有绑定本站账号');
    });

    it('unbinds the identity while the phone remains a way in, and never both', async () => {
      const { app } = portal;
      const learner = await registerLearner(app);
      const person = await registerLearner(idp.app);
      await bindIdentity(app, learner.token, await idpTicket(idp.app, person.phone));

      // The phone goes first (with a code), so the identity is now the only way in.
      await postAs(app, learner.token, '/api/account/phone/code', { purpose: 'unbind' });
      const code = sender.lastCodeFor(learner.phone);
      const phoneGone = await postAs<Bindings>(app, learner.token, '/api/account/phone/unbind', {
        code,
      });
      expect(phoneGone.data).toMatchObject({
        phone: null,
        external: { bound: true, canUnbind: false },
      });
      const refused = await unbindIdentity(app, learner.token);
      expect(refused).toEqual({
        code: 409,
        message: '统一身份认证是当前账号唯一的登录方式，不能解绑；请先绑定手机号',
        data: null,
      });
      // It still signs in.
      const login = await loginWith(
        app,
        await idpTicket(idp.app, person.phone, `${PORTAL}/authPage`),
      );
      expect(login.data.userInfo.id).toBe(learner.id);

      const withPhone = await registerLearner(app);
      await bindIdentity(
        app,
        withPhone.token,
        await idpTicket(idp.app, (await registerLearner(idp.app)).phone),
      );
      const unbound = await unbindIdentity(app, withPhone.token);
      expect(unbound.data).toMatchObject({ canUnbind: false, external: { bound: false } });
      expect((await unbindIdentity(app, withPhone.token)).message).toBe(
        '当前账号没有绑定统一身份认证',
      );
    });

    it('lets only one of the two ways in go when both are unbound at once', async () => {
      const { app } = portal;
      for (let round = 0; round < 3; round++) {
        const learner = await registerLearner(app);
        await bindIdentity(
          app,
          learner.token,
          await idpTicket(idp.app, (await registerLearner(idp.app)).phone),
        );
        await postAs(app, learner.token, '/api/account/phone/code', { purpose: 'unbind' });
        const code = sender.lastCodeFor(learner.phone);
        const answers = await Promise.all([
          postAs(app, learner.token, '/api/account/phone/unbind', { code }),
          unbindIdentity(app, learner.token),
        ]);
        expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
        const left = (await bindings(app, learner.token)).data;
        expect(left.phone !== null || left.external.bound).toBe(true);
      }
    });

    it('frees the identity when the account is deleted', async () => {
      const { app } = portal;
      const learner = await registerLearner(app);
      const person = await registerLearner(idp.app);
      await bindIdentity(app, learner.token, await idpTicket(idp.app, person.phone));
      expect(
        (await postAs(app, learner.token, '/api/account/delete', { password: TEST_PASSWORD })).code,
      ).toBe(0);
      const next = await registerLearner(app);
      expect(
        (await bindIdentity(app, next.token, await idpTicket(idp.app, person.phone))).code,
      ).toBe(0);
    });

    it('tells the learner when the provider cannot be reached, and writes nothing', async () => {
      const learner = await registerLearner(down.app);
      const answer = await bindIdentity(down.app, learner.token, 'a-ticket-from-nowhere');
      expect(answer).toEqual({ code: 409, message: '市民云暂时无法连接，请稍后再试', data: null });
      expect((await bindings(down.app, learner.token)).data.external.bound).toBe(false);
    });

    it('refuses binding where no provider is configured, and every binding call of a visitor', async () => {
      const { app } = idp;
      const learner = await registerLearner(app);
      expect(await bindIdentity(app, learner.token, 'x')).toEqual({
        code: 409,
        message: '本站没有接入统一身份认证',
        data: null,
      });
      expect((await bindIdentity(portal.app, '', 'x')).code).toBe(301);
      expect((await postAs(portal.app, null, '/api/account/identity/unbind')).code).toBe(301);
      expect(
        (await bindIdentity(portal.app, (await registerLearner(portal.app)).token, '')).code,
      ).toBe(400);
    });

    it('the provider sends tickets only to its own and trusted origins, each redeemed once', async () => {
      const person = await registerLearner(idp.app);
      const evil = await idp.app.inject({
        method: 'POST',
        url: '/sso/login',
        headers: { host: 'localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username: person.phone,
          password: TEST_PASSWORD,
          callback: 'http://evil.example.cn/steal',
        }).toString(),
      });
      expect(evil.statusCode).toBe(400);
      const ticket = await idpTicket(idp.app, person.phone);
      const redeem = () =>
        idp.app.inject({ url: `/api/sso/validate?ticket=${encodeURIComponent(ticket)}` });
      expect(body(await redeem())).toEqual({
        code: 0,
        message: '',
        data: { subject: String(person.id), name: `学员${person.phone.slice(-4)}` },
      });
      expect(body(await redeem()).code).toBe(400);
    });

    it('offers the provider on this site’s own login page only', async () => {
      const own = await portal.app.inject({
        url: `/sso/login?callback=${encodeURIComponent('http://localhost/authPage')}`,
        headers: { host: 'localhost:80' },
      });
      expect(own.body).toContain('使用统一身份认证登录');
      expect(own.body).toMatch(
        /href="http:\/\/127\.0\.0\.1:\d+\/sso\/login\?callback=http%3A%2F%2Flocalhost%2FauthPage"/,
      );
      const plain = await idp.app.inject({ url: '/sso/login', headers: { host: 'localhost:80' } });
      expect(plain.body).not.toContain('使用');
    });
  });
}
