import { describe, expect, it } from 'vitest';
import { body, describeEachEngine, loginAs, ssoTicket } from '../../testing/test-app.ts';
import { ROTATION_GRACE_MS } from './account.service.ts';
import { hashSecret } from './tokens.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachEngine('account API', (ctx) => {
  describe('POST /api/account/login', () => {
    it('exchanges a ticket from the account center for a token and the public profile', async () => {
      const { app } = ctx();
      const ticket = await ssoTicket(app, '13800000001', 'Demo@2026');
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'x-finger': 'finger-1', 'x-site': 'xuhui' },
        payload: { ticket },
      });
      const { code, data } = body<{ token: string; userInfo: Record<string, unknown> }>(response);
      expect(response.statusCode).toBe(200);
      expect(code).toBe(0);
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.userInfo).toEqual({
        id: expect.any(Number),
        username: '13800000001',
        nickname: '王秀兰',
        avatar: null,
        phone: '138****0001',
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(data.userInfo)).not.toMatch(/password|scrypt/);

      const session = await app.database.db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', hashSecret(data.token))
        .executeTakeFirstOrThrow();
      expect(session.fingerprint).toBe('finger-1');
      expect(session.site_key).toBe('xuhui');
      const raw = await app.database.db.selectFrom('sessions').select('token_hash').execute();
      expect(raw.map((row) => row.token_hash)).not.toContain(data.token);
    });

    it('refuses a ticket used twice, even when both exchanges race', async () => {
      const { app } = ctx();
      const ticket = await ssoTicket(app, '13800000001', 'Demo@2026');
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.inject({ method: 'POST', url: '/api/account/login', payload: { ticket } }),
        ),
      );
      const codes = answers.map((answer) => body(answer).code).sort();
      expect(codes).toEqual([0, 400, 400, 400, 400]);
      const refused = answers.map((answer) => body(answer)).filter((answer) => answer.code === 400);
      expect(refused[0]?.message).toBe('登录票据无效或已过期，请重新登录');
    });

    it('refuses an expired ticket and writes no session', async () => {
      const { app } = ctx();
      const ticket = await ssoTicket(app, '13800000002', 'Demo@2026');
      await app.database.db
        .updateTable('login_tickets')
        .set({ expires_at: Date.now() - 1 })
        .where('ticket_hash', '=', hashSecret(ticket))
        .execute();
      const before = await countSessions();
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { ticket },
      });
      expect(body(response)).toMatchObject({
        code: 400,
        message: '登录票据无效或已过期，请重新登录',
        data: null,
      });
      expect(await countSessions()).toBe(before);
    });

    it('refuses a forged ticket', async () => {
      const { app } = ctx();
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { ticket: "x' OR '1'='1" },
      });
      expect(body(response)).toMatchObject({
        code: 400,
        message: '登录票据无效或已过期，请重新登录',
      });
    });

    it('names the missing or mistyped field in Chinese', async () => {
      const { app } = ctx();
      const missing = await app.inject({ method: 'POST', url: '/api/account/login', payload: {} });
      expect(body(missing)).toEqual({ code: 400, message: '缺少登录票据', data: null });
      const wrongType = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { ticket: 42 },
      });
      expect(body(wrongType).code).toBe(400);
      expect(body(wrongType).message).toMatch(/^登录票据：/);
      const tooLong = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { ticket: 'a'.repeat(5000) },
      });
      expect(body(tooLong)).toEqual({ code: 400, message: '登录票据：过长', data: null });
    });

    async function countSessions() {
      const row = await ctx()
        .app.database.db.selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
  });

  describe('GET /api/account/me', () => {
    it('answers the profile of the token holder', async () => {
      const { app } = ctx();
      const token = await loginAs(app, '13800000002');
      const response = await app.inject({ url: '/api/account/me', headers: bearer(token) });
      expect(body(response)).toMatchObject({
        code: 0,
        data: { username: '13800000002', nickname: '李建国' },
      });
    });

    it('records when the session was last seen, at most every few minutes', async () => {
      const { app } = ctx();
      const token = await loginAs(app);
      const session = app.database.db
        .selectFrom('sessions')
        .where('token_hash', '=', hashSecret(token));
      await app.database.db
        .updateTable('sessions')
        .set({ last_seen_at: 1 })
        .where('token_hash', '=', hashSecret(token))
        .execute();
      await app.inject({ url: '/api/account/me', headers: bearer(token) });
      const seen = (await session.select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;
      expect(Date.now() - seen).toBeLessThan(60_000);
      await app.inject({ url: '/api/account/me', headers: bearer(token) });
      expect((await session.select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at).toBe(
        seen,
      );
    });

    it('answers code 301 with no token, a tampered token or an expired one', async () => {
      const { app } = ctx();
      const token = await loginAs(app);
      const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const headers of [
        {},
        bearer(tampered),
        { authorization: 'Basic abc' },
        bearer('short'),
      ]) {
        const response = await app.inject({ url: '/api/account/me', headers });
        expect(response.statusCode).toBe(200);
        expect(body(response)).toEqual({ code: 301, message: '未登录或登录已过期', data: null });
      }
      await app.database.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('token_hash', '=', hashSecret(token))
        .execute();
      const expired = await app.inject({ url: '/api/account/me', headers: bearer(token) });
      expect(body(expired).code).toBe(301);
    });
  });

  describe('GET /api/account/refresh-token', () => {
    it('answers data null for a visitor or an invalid token', async () => {
      const { app } = ctx();
      for (const headers of [{}, bearer('A'.repeat(43))]) {
        const response = await app.inject({ url: '/api/account/refresh-token', headers });
        expect(body(response)).toEqual({ code: 0, message: '', data: null });
      }
    });

    it('rotates the token: the new one works and the old one stops after the grace period', async () => {
      const { app } = ctx();
      const old = await loginAs(app);
      const response = await app.inject({
        url: '/api/account/refresh-token',
        headers: bearer(old),
      });
      const fresh = body<string>(response).data;
      expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fresh).not.toBe(old);
      expect(body(await app.inject({ url: '/api/account/me', headers: bearer(fresh) })).code).toBe(
        0,
      );
      // Within the grace period a second tab that still holds the old token stays logged in.
      expect(body(await app.inject({ url: '/api/account/me', headers: bearer(old) })).code).toBe(0);
      const retired = await app.database.db
        .selectFrom('sessions')
        .select(['expires_at', 'rotated_at'])
        .where('token_hash', '=', hashSecret(old))
        .executeTakeFirstOrThrow();
      expect(retired.rotated_at).not.toBeNull();
      expect(retired.expires_at - Date.now()).toBeLessThanOrEqual(ROTATION_GRACE_MS);
      await app.database.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('token_hash', '=', hashSecret(old))
        .execute();
      // Written behind the service's back: its kept copy is forgotten as the service would.
      await app.accounts.sessions.forgetToken(hashSecret(old));
      expect(body(await app.inject({ url: '/api/account/me', headers: bearer(old) })).code).toBe(
        301,
      );
      expect(
        body(await app.inject({ url: '/api/account/refresh-token', headers: bearer(old) })).data,
      ).toBeNull();
    });
  });

  describe('a token refreshed again and again', () => {
    it('answers the same successor every time, writes once, and lists the device once', async () => {
      const { app } = ctx();
      const old = await loginAs(app);
      const refresh = async (token: string) =>
        body<string>(
          await app.inject({ url: '/api/account/refresh-token', headers: bearer(token) }),
        ).data;
      const sessions = async () =>
        Number(
          (
            await app.database.db
              .selectFrom('sessions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      // Replayed during its grace period (or sent by several tabs at once, some concurrently).
      const first = await refresh(old);
      const before = await sessions();
      const again = [
        ...(await Promise.all([refresh(old), refresh(old), refresh(old)])),
        await refresh(old),
      ];
      expect(again).toEqual([first, first, first, first]);
      expect(await sessions()).toBe(before);
      // The successor is refreshed in its turn to a third token, which is another one.
      const third = await refresh(first);
      expect(third).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Set([old, first, third]).size).toBe(3);
      for (const token of [old, first, third]) {
        expect(
          body(await app.inject({ url: '/api/account/me', headers: bearer(token) })).code,
        ).toBe(0);
      }
      // The learner's other devices (earlier tests' logins) are listed too; this one once.
      const devices = body<Array<{ id: string; current: boolean }>>(
        await app.inject({ url: '/api/account/devices', headers: bearer(third) }),
      ).data;
      const ids = devices.map((device) => device.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(devices.filter((device) => device.current)).toHaveLength(1);
    });

    it('answers the successor of a token refreshed twice at once (no unique violation)', async () => {
      const { app } = ctx();
      const old = await loginAs(app);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.inject({ url: '/api/account/refresh-token', headers: bearer(old) }),
        ),
      );
      const tokens = answers.map((answer) => body<string>(answer).data);
      expect(answers.map((answer) => body(answer).code)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(new Set(tokens).size).toBe(1);
      expect(tokens[0]).not.toBe(old);
    });

    it('gives a logged-out successor no second life through the old token', async () => {
      const { app } = ctx();
      const old = await loginAs(app);
      const fresh = body<string>(
        await app.inject({ url: '/api/account/refresh-token', headers: bearer(old) }),
      ).data;
      await app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: bearer(fresh),
        payload: {},
      });
      const replayed = body<string>(
        await app.inject({ url: '/api/account/refresh-token', headers: bearer(old) }),
      ).data;
      expect(replayed).toBe(fresh);
      expect(
        body(await app.inject({ url: '/api/account/me', headers: bearer(replayed) })).code,
      ).toBe(301);
    });
  });

  describe('POST /api/account/logout', () => {
    it('revokes the token, after which it answers 301', async () => {
      const { app } = ctx();
      const token = await loginAs(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: bearer(token),
        payload: {},
      });
      expect(body(response)).toEqual({ code: 0, message: '', data: null });
      expect(body(await app.inject({ url: '/api/account/me', headers: bearer(token) })).code).toBe(
        301,
      );
      expect(
        body(await app.inject({ url: '/api/account/refresh-token', headers: bearer(token) })).data,
      ).toBeNull();
    });

    it('is harmless without a token', async () => {
      const { app } = ctx();
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/logout',
        payload: {},
      });
      expect(body(response).code).toBe(0);
    });
  });
});
