import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RecordingCodeSender } from '../platform/sms.ts';
import { bearer, newPhone, postAs, registerLearner } from '../testing/account-factory.ts';
import { body, describeEachEngine, ssoTicket } from '../testing/test-app.ts';
import { REDACTED, redactUrl } from './log-redaction.ts';
import { carriesSecret } from './security.ts';

describe('redactUrl', () => {
  it.each([
    ['/authPage?ticket=abc123', `/authPage?ticket=${REDACTED}`],
    ['/xuhui/authPage?token=t0k&x=1', `/xuhui/authPage?token=${REDACTED}&x=1`],
    ['/bindSetting?a=1&TICKET=zz#code=9', `/bindSetting?a=1&TICKET=${REDACTED}#code=${REDACTED}`],
    ['/x?%74icket=abc', `/x?%74icket=${REDACTED}`],
    ['/cb#access_token=s3cr3t&state=1', `/cb#access_token=${REDACTED}&state=1`],
    ['/api/x?password=p&code=123456', `/api/x?password=${REDACTED}&code=${REDACTED}`],
    ['/index/home?id=3&page=2', '/index/home?id=3&page=2'],
    ['/index/home', '/index/home'],
  ])('%s -> %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('cleans an address passed in a parameter', () => {
    const inner = encodeURIComponent('https://site.example/authPage?ticket=abc123');
    const logged = redactUrl(`/sso/login?callback=${inner}`);
    expect(logged).not.toContain('abc123');
    expect(decodeURIComponent(logged)).toContain(`ticket=${REDACTED}`);
  });

  it('marks an address with a secret', () => {
    expect(carriesSecret('/authPage?ticket=abc')).toBe(true);
    expect(carriesSecret('/contentDetails?id=3')).toBe(false);
  });
});

/** Every log line the app writes, at the most verbose level. */
const log: string[] = [];
const sender = new RecordingCodeSender();
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

describeEachEngine(
  'secrets never in a log line or a Referer',
  (ctx) => {
    it('logs every request of a login and of authenticated calls, with no token, ticket, password or code', async () => {
      const { app } = ctx();
      log.length = 0;
      const secrets: string[] = [];

      // The account center: a wrong password, then the right one; its ticket opens the callback.
      const wrong = await app.inject({
        method: 'POST',
        url: '/sso/login',
        headers: { host: 'localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username: '13800000001',
          password: 'Wrong@Pass42',
          callback: 'http://localhost:80/authPage',
        }).toString(),
      });
      expect(wrong.statusCode).toBe(401);
      secrets.push('Wrong@Pass42', 'Demo@2026');
      const ticket = await ssoTicket(app, '13800000001', 'Demo@2026');
      secrets.push(ticket);
      const callback = await app.inject({ url: `/authPage?ticket=${ticket}` });
      expect(callback.headers['referrer-policy']).toBe('no-referrer');
      const login = body<{ token: string }>(
        await app.inject({ method: 'POST', url: '/api/account/login', payload: { ticket } }),
      );
      expect(login.code).toBe(0);
      const token = login.data.token;
      secrets.push(token);
      // The same ticket again (refused), and an identity provider's token on the callback.
      await app.inject({ method: 'POST', url: '/api/account/login', payload: { ticket } });
      await app.inject({ url: `/authPage?token=${token}` });

      // Authenticated calls: the profile, a refresh, a page with a ticket and a code.
      expect(body(await app.inject({ url: '/api/account/me', headers: bearer(token) })).code).toBe(
        0,
      );
      const refreshed = body<string>(
        await app.inject({ url: '/api/account/refresh-token', headers: bearer(token) }),
      );
      expect(typeof refreshed.data).toBe('string');
      secrets.push(refreshed.data);
      await app.inject({ url: `/bindSetting?ticket=${ticket}&code=864213` });
      secrets.push('864213');
      // A browser's policy report from the callback page names its address.
      await app.inject({
        method: 'POST',
        url: '/api/csp-report',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify({
          'csp-report': {
            'document-uri': `http://localhost/authPage?ticket=${ticket}`,
            'violated-directive': 'script-src-elem',
            'blocked-uri': 'inline',
          },
        }),
      });

      // Phone binding: a code sent, a wrong one and the right one tried.
      const learner = await registerLearner(app);
      const phone = newPhone();
      await postAs(app, learner.token, '/api/account/phone/code', { purpose: 'bind', phone });
      const code = sender.lastCodeFor(phone);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      secrets.push(learner.token, code, wrongCode);
      await postAs(app, learner.token, '/api/account/phone/bind', { phone, code: wrongCode });
      await postAs(app, learner.token, '/api/account/phone/bind', { phone, code });
      // A password change and a logout.
      await postAs(app, learner.token, '/api/account/password', {
        oldPassword: 'Learn2026x',
        newPassword: 'Newer@Pass77',
      });
      secrets.push('Newer@Pass77', 'Learn2026x');
      await app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(token) });

      // The log saw it all: each request and the policy report, with the secrets redacted.
      const requests = log.filter((line) => line.includes('incoming request'));
      expect(requests.length).toBeGreaterThanOrEqual(14);
      expect(log.join('\n')).toContain(`/authPage?ticket=${REDACTED}`);
      expect(log.some((line) => line.includes('csp violation'))).toBe(true);
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThanOrEqual(6);
        const leaks = log.filter((line) => line.includes(secret));
        expect(leaks, `secret ${secret.slice(0, 3)}… in the log`).toEqual([]);
      }
    });

    it('sends no Referer from a page opened with a secret, and only the origin elsewhere', async () => {
      const { app } = ctx();
      for (const url of [
        '/authPage?ticket=abc123',
        '/xuhui/authPage?token=x1',
        '/bindSetting?ticket=y',
      ]) {
        expect((await app.inject({ url })).headers['referrer-policy'], url).toBe('no-referrer');
      }
      for (const url of ['/authPage', '/index/home', '/contentDetails?id=3', '/api/sites']) {
        expect((await app.inject({ url })).headers['referrer-policy'], url).toBe(
          'strict-origin-when-cross-origin',
        );
      }
    });
  },
  { logLevel: 'trace' },
  () => ({ logger: true, logStream, codeSender: sender }),
);
