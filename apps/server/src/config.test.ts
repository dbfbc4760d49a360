import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from './config.ts';

it('has the documented defaults', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    host: '0.0.0.0',
    dataDir: path.resolve('./data'),
    databaseUrl: undefined,
    defaultSite: 'jingan',
    ssoLoginUrl: '/sso/login',
    ssoTrustedOrigins: [],
    externalIdp: null,
    portalUrl: null,
    mapTileUrl: null,
    mapTileDatum: 'gcj02',
    redisUrl: undefined,
    trustProxy: false,
    metricsAllow: ['loopback'],
    logLevel: 'info',
    seedDemo: true,
  });
});

it('lists every bad variable at once', () => {
  expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(
    /PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO/,
  );
});

it('reads PostgreSQL and switches the demo seed off', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '0', PORT: '8080' });
  expect(config).toMatchObject({ databaseUrl: 'postgres://u@h/db', seedDemo: false, port: 8080 });
});

it('configures an external identity provider only with both its addresses', () => {
  expect(loadConfig({ EXTERNAL_IDP_LOGIN_URL: 'https://idp.example.cn/login' }).externalIdp).toBe(
    null,
  );
  const config = loadConfig({
    EXTERNAL_IDP_LOGIN_URL: 'https://idp.example.cn/login',
    EXTERNAL_IDP_VALIDATE_URL: 'https://idp.example.cn/validate',
    SSO_TRUSTED_ORIGINS: 'https://a.example.cn, https://b.example.cn',
  });
  expect(config.externalIdp).toEqual({
    name: '统一身份认证',
    loginUrl: 'https://idp.example.cn/login',
    validateUrl: 'https://idp.example.cn/validate',
  });
  expect(config.ssoTrustedOrigins).toEqual(['https://a.example.cn', 'https://b.example.cn']);
});

it('trusts the proxies TRUST_PROXY names, by hop count or address, and refuses anything else', () => {
  expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(
    loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16, loopback, ::1, fd00::/8' }).trustProxy,
  ).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8']);
  for (const bad of ['yes', '10.0.0.1/33', '10.0.0.300', 'nginx.local', '10.0.0.1/8/2', '-1']) {
    expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  }
});

it('opens the metrics to loopback unless METRICS_ALLOW names others, and refuses a malformed list', () => {
  expect(loadConfig({ METRICS_ALLOW: '' }).metricsAllow).toEqual(['loopback']);
  expect(loadConfig({ METRICS_ALLOW: '10.20.0.0/16, 192.0.2.9' }).metricsAllow).toEqual([
    '10.20.0.0/16',
    '192.0.2.9',
  ]);
  expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.local' })).toThrow(/METRICS_ALLOW/);
});

it('takes a relative DATA_DIR from where npm was run, as `npm start` and `npm run seed` both do', () => {
  // npm runs a workspace's script in apps/server, and says where it was typed in INIT_CWD.
  expect(loadConfig({ INIT_CWD: '/srv/portal' }).dataDir).toBe('/srv/portal/data');
  expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: 'var/data' }).dataDir).toBe(
    '/srv/portal/var/data',
  );
  expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: '/var/lib/portal' }).dataDir).toBe(
    '/var/lib/portal',
  );
});

it('takes a VAPID key pair for reminders only whole, and refuses keys that are not keys', () => {
  expect(loadConfig({}).webPush).toBeNull();
  const publicKey = `B${'A'.repeat(86)}`;
  const privateKey = 'A'.repeat(43);
  expect(
    loadConfig({ WEB_PUSH_PUBLIC_KEY: publicKey, WEB_PUSH_PRIVATE_KEY: privateKey }).webPush,
  ).toEqual({ publicKey, privateKey, subject: null });
  expect(() => loadConfig({ WEB_PUSH_PUBLIC_KEY: publicKey })).toThrow(/set both/);
  expect(() =>
    loadConfig({ WEB_PUSH_PUBLIC_KEY: 'short', WEB_PUSH_PRIVATE_KEY: privateKey }),
  ).toThrow(/WEB_PUSH_PUBLIC_KEY/);
  expect(loadConfig({ WEB_PUSH_HOSTS: ' 127.0.0.1:9000 , Push.Local ' }).pushHosts).toEqual([
    '127.0.0.1:9000',
    'push.local',
  ]);
});
