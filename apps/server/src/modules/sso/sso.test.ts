import { openRedirectVariants } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../platform/html.ts';
import { XSS_PAYLOADS } from '../../platform/xss-payloads.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { MAX_FAILURES_PER_USERNAME, MAX_REGISTRATIONS_PER_ADDRESS } from './login-throttle.ts';
import { acceptCallback } from './sso.routes.ts';

const HOST = 'portal.test';
const CALLBACK = `http://${HOST}/authPage`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { host: HOST, 'content-type': 'application/x-www-form-urlencoded' };

describe('acceptCallback', () => {
  const origin = 'https://xx.example.cn';
  it('keeps a callback on this origin, with its path and query', () => {
    expect(acceptCallback('https://xx.example.cn/xuhui/authPage?a=1', origin)).toBe(
      'https://xx.example.cn/xuhui/authPage?a=1',
    );
  });
  it('defaults to this origin /authPage', () => {
    expect(acceptCallback(undefined, origin)).toBe('https://xx.example.cn/authPage');
  });
  it.each([
    'https://evil.example/authPage',
    'https://xx.example.cn.evil.example/authPage',
    'http://xx.example.cn/authPage',
    'javascript:alert(1)',
    '//evil.example/authPage',
    '/authPage',
    'not a url',
  ])('refuses %s', (callback) => {
    expect(acceptCallback(callback, origin)).toBeNull();
  });
  it.each(openRedirectVariants(origin))('never leaves the site for %j', (callback) => {
    const accepted = acceptCallback(callback, origin);
    if (accepted !== null) expect(new URL(accepted).origin).toBe(origin);
  });
  it('refuses every variant that names another host', () => {
    const foreign = openRedirectVariants(origin).filter((callback) => {
      try {
        return new URL(callback).origin !== origin;
      } catch {
        return true;
      }
    });
    expect(foreign.length).toBeGreaterThanOrEqual(20);
    for (const callback of foreign) expect(acceptCallback(callback, origin), callback).toBeNull();
  });
});

describeEachEngine('account center /sso', (ctx) => {
  /** Posts a form to the account center as a browser on HOST would. */
  const submit = (
    url: string,
    fields: Record<string, string>,
    options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    ctx().app.inject({
      method: 'POST',
      url,
      headers: { ...formHeaders, ...options.headers },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      payload: form(fields),
    });

  const countTickets = async () => {
    const row = await ctx()
      .app.database.db.selectFrom('login_tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  describe('GET /sso/login', () => {
    it('shows a Chinese login form with username, password and a submit button', async () => {
      const response = await ctx().app.inject({
        url: `/sso/login?callback=${encodeURIComponent(`http://${HOST}/xuhui/authPage`)}`,
        headers: { host: HOST },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('name="username"');
      expect(response.body).toContain('name="password"');
      expect(response.body).toContain('<button type="submit">登录</button>');
      expect(response.body).toContain('徐汇学习网');
    });

    it('refuses a callback on a foreign origin', async () => {
      const response = await ctx().app.inject({
        url: '/sso/login?callback=https://evil.example/steal',
        headers: { host: HOST },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('回调地址不属于本站');
      expect(response.body).not.toContain('name="password"');
    });
  });

  describe('POST /sso/login', () => {
    it('redirects to the callback with a one-time ticket', async () => {
      const response = await submit('/sso/login', {
        username: '13800000001',
        password: 'Demo@2026',
        callback: `${CALLBACK}?from=x`,
      });
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(location.origin + location.pathname).toBe(CALLBACK);
      expect(location.searchParams.get('from')).toBe('x');
      expect(location.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('refuses a wrong password and issues no ticket', async () => {
      const before = await countTickets();
      const response = await submit('/sso/login', {
        username: '13800000002',
        password: 'wrong-pass1',
        callback: CALLBACK,
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('手机号或密码错误');
      expect(response.body).toContain('value="13800000002"');
      expect(response.headers.location).toBeUndefined();
      expect(await countTickets()).toBe(before);
    });

    it('treats SQL metacharacters and very long usernames as plain wrong input', async () => {
      for (const username of [
        "' OR 1=1 --",
        "13800000001'; DROP TABLE users; --",
        'x'.repeat(10_000),
      ]) {
        const response = await submit('/sso/login', {
          username,
          password: 'Demo@2026',
          callback: CALLBACK,
        });
        expect([400, 401]).toContain(response.statusCode);
        expect(response.headers.location).toBeUndefined();
      }
      const users = await ctx().app.database.db.selectFrom('users').select('id').limit(1).execute();
      expect(users).toHaveLength(1);
    });

    it('sends a right password to no other site, however the callback is disguised', async () => {
      const before = await countTickets();
      let redirected = 0;
      for (const callback of openRedirectVariants(`http://${HOST}`)) {
        const response = await submit('/sso/login', {
          username: '13800000001',
          password: 'Demo@2026',
          callback,
        });
        if (response.statusCode === 302) {
          redirected += 1;
          expect(new URL(String(response.headers.location)).origin, callback).toBe(
            `http://${HOST}`,
          );
        } else {
          expect(response.statusCode, callback).toBe(400);
          expect(response.headers.location, callback).toBeUndefined();
        }
      }
      // Only the variants that stay on this site got a ticket.
      expect(await countTickets()).toBe(before + redirected);
      expect(redirected).toBeLessThanOrEqual(2);
    });

    it('refuses a foreign callback without checking the password', async () => {
      const before = await countTickets();
      const response = await submit('/sso/login', {
        username: '13800000001',
        password: 'Demo@2026',
        callback: 'https://evil.example/',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(await countTickets()).toBe(before);
    });

    it('refuses a form posted from another origin', async () => {
      const response = await submit(
        '/sso/login',
        { username: '13800000001', password: 'Demo@2026', callback: CALLBACK },
        { headers: { origin: 'https://evil.example' } },
      );
      expect(response.statusCode).toBe(403);
      expect(response.headers.location).toBeUndefined();
    });

    it('locks a username after repeated failures, even for the right password', async () => {
      const attempt = (password: string) =>
        submit(
          '/sso/login',
          { username: '13900000007', password, callback: CALLBACK },
          { headers: { 'x-forwarded-for': '10.0.0.9' } },
        );
      for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i += 1) {
        expect((await attempt('bad-password1')).statusCode).toBe(401);
      }
      const locked = await attempt('Demo@2026');
      expect(locked.statusCode).toBe(429);
      expect(locked.body).toContain('登录失败次数过多');
      expect(locked.headers.location).toBeUndefined();
    });

    it('limits failures per address across usernames', async () => {
      let last = 0;
      for (let i = 0; i < 40 && last !== 429; i += 1) {
        const response = await submit(
          '/sso/login',
          {
            username: `1370000${String(i).padStart(4, '0')}`,
            password: 'nope-nope1',
            callback: CALLBACK,
          },
          { remoteAddress: '10.1.2.3' },
        );
        last = response.statusCode;
      }
      expect(last).toBe(429);
      const other = await submit(
        '/sso/login',
        { username: '13800000002', password: 'Demo@2026', callback: CALLBACK },
        { remoteAddress: '10.9.9.9' },
      );
      expect(other.statusCode).toBe(302);
    });
  });

  describe('/sso/register', () => {
    it('shows the register form', async () => {
      const response = await ctx().app.inject({ url: '/sso/register', headers: { host: HOST } });
      expect(response.statusCode).toBe(200);
      for (const name of ['username', 'nickname', 'password', 'confirmPassword']) {
        expect(response.body).toContain(`name="${name}"`);
      }
    });

    it('creates an account with its own salt and logs it in', async () => {
      const { app } = ctx();
      const response = await submit(
        '/sso/register',
        {
          username: '13712345678',
          nickname: '新学员',
          password: 'Learn2026',
          confirmPassword: 'Learn2026',
          callback: CALLBACK,
        },
        { remoteAddress: '10.3.3.3' },
      );
      expect(response.statusCode).toBe(302);
      expect(String(response.headers.location)).toContain('ticket=');
      const rows = await app.database.db
        .selectFrom('users')
        .select(['nickname', 'password_hash'])
        .where('username', 'in', ['13712345678', '13800000001'])
        .orderBy('username')
        .execute();
      expect(rows[0]?.nickname).toBe('新学员');
      expect(rows[0]?.password_hash).toMatch(/^scrypt\$/);
      expect(rows[0]?.password_hash).not.toContain('Learn2026');
      expect(rows[0]?.password_hash.split('$')[4]).not.toBe(rows[1]?.password_hash.split('$')[4]);
    });

    it.each([
      [
        { username: '12345', password: 'Learn2026', confirmPassword: 'Learn2026' },
        '用户名：请输入 11 位手机号',
      ],
      [
        { username: '13712340000', password: 'short1', confirmPassword: 'short1' },
        '密码：至少 8 位',
      ],
      [
        { username: '13712340000', password: 'onlyletters', confirmPassword: 'onlyletters' },
        '需同时包含字母和数字',
      ],
      [
        { username: '13712340000', password: 'Learn2026', confirmPassword: 'Learn2027' },
        '两次输入的密码不一致',
      ],
    ])('refuses %o and creates nothing', async (fields, message) => {
      const { app } = ctx();
      const response = await submit(
        '/sso/register',
        { ...fields, callback: CALLBACK },
        { remoteAddress: '10.4.4.4' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
      const created = await app.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', '13712340000')
        .execute();
      expect(created).toHaveLength(0);
    });

    it('shows every payload of the public XSS corpus sent back in a refused form only as escaped text', async () => {
      const clean = await submit(
        '/sso/register',
        { username: 'x', nickname: 'x', password: 'Learn2026', confirmPassword: 'Learn2027' },
        { remoteAddress: '10.7.0.1' },
      );
      const tagsOf = (html: string) => html.match(/<[a-z][a-z0-9-]*/gi)?.length ?? 0;
      for (const [i, payload] of XSS_PAYLOADS.entries()) {
        const response = await submit(
          '/sso/register',
          {
            username: payload,
            nickname: payload,
            password: 'Learn2026',
            confirmPassword: 'Learn2027',
            callback: CALLBACK,
          },
          { remoteAddress: `10.7.${i >> 8}.${i & 255}` },
        );
        expect(response.statusCode, payload).toBe(400);
        // The form comes back with the text (cut to 64 characters) in its value, escaped: no
        // element and no attribute more than in a clean refused form.
        const sent = payload.slice(0, 64);
        expect(response.body).toContain(`value="${escapeHtml(sent)}"`);
        expect(tagsOf(response.body), payload).toBe(tagsOf(clean.body));
        if (/[<>"']/.test(sent)) expect(response.body).not.toContain(sent);
      }
    });

    it('limits registrations per address and creates nothing past the limit', async () => {
      const register = (i: number) =>
        submit(
          '/sso/register',
          {
            username: `1360000${String(i).padStart(4, '0')}`,
            password: 'Learn2026',
            confirmPassword: 'Learn2026',
          },
          { remoteAddress: '10.6.6.6' },
        );
      for (let i = 0; i < MAX_REGISTRATIONS_PER_ADDRESS; i += 1)
        expect((await register(i)).statusCode).toBe(302);
      const refused = await register(99);
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toContain('注册过于频繁');
      const created = await ctx()
        .app.database.db.selectFrom('users')
        .select('id')
        .where('username', '=', '13600000099')
        .execute();
      expect(created).toHaveLength(0);
    });

    it('answers 409 for a number that is already registered', async () => {
      const response = await submit(
        '/sso/register',
        {
          username: '13800000001',
          password: 'Learn2026',
          confirmPassword: 'Learn2026',
          callback: CALLBACK,
        },
        { remoteAddress: '10.5.5.5' },
      );
      expect(response.statusCode).toBe(409);
      expect(response.body).toContain('该手机号已注册');
    });
  });
});
