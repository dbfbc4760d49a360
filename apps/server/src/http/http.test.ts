import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Home } from '@portal/contract';
import { ADMIN_VIDEO_MAX_BYTES, pictureSrcSet } from '@portal/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../testing/course-factory.ts';
import { body, buildTestApp, describeEachEngine, type TestApp } from '../testing/test-app.ts';

describeEachEngine('the /api envelope', (ctx) => {
  it('answers an unknown /api path with code 404 in the envelope', async () => {
    const response = await ctx().app.inject({ url: '/api/no/such/thing?x=1' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      code: 404,
      message: '接口不存在：GET /api/no/such/thing',
      data: null,
    });
  });

  it('answers malformed JSON with code 400', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"ticket": ',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ code: 400, message: '请求内容不是有效的 JSON', data: null });
  });

  it('answers a JSON body over 1 MB with code 400', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ticket: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ code: 400, message: '请求内容过大', data: null });
  });

  it('answers a multipart body over 20 MB with code 400 before reading it', async () => {
    const boundary = 'portal-boundary';
    const file = Buffer.alloc(20 * 1024 * 1024 + 1, 0x61);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ code: 400, message: '上传内容过大，最多 20 MB', data: null });
  });

  it('holds a lesson video to its own route’s limit (2 GB, not 20 MB), refused before the body is read', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/uploads/video',
      headers: {
        'content-type': 'multipart/form-data; boundary=portal-boundary',
        // What the body claims, checked before a byte of it is read.
        'content-length': String(ADMIN_VIDEO_MAX_BYTES + 2 * 1024 * 1024),
      },
      payload: '--portal-boundary--\r\n',
    });
    expect(body(response)).toEqual({ code: 400, message: '上传内容过大，最多 2 GB', data: null });
  });

  it('answers an unsupported content type with code 400', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/x-shockwave' },
      payload: 'x',
    });
    expect(body(response)).toEqual({ code: 400, message: '不支持的请求内容类型', data: null });
  });

  it('answers a body of the wrong shape naming what is missing', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2,3]',
    });
    expect(body(response).code).toBe(400);
    expect(body(response).message).toMatch(/^请求内容/);
  });

  it('answers an unknown X-Site with code 400 naming the site', async () => {
    const response = await ctx().app.inject({
      url: '/api/sites',
      headers: { 'x-site': 'nowhere' },
    });
    expect(body(response)).toEqual({ code: 400, message: '未知的站点：nowhere', data: null });
  });

  it('sets security headers and a request id on every response', async () => {
    for (const url of ['/api/sites', '/sso/login', '/index/home']) {
      const response = await ctx().app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      const scripts = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      expect(scripts).not.toContain('unsafe-inline');
      expect(csp).toContain('report-uri /api/csp-report');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('takes a browser report of a blocked resource, well formed or not, in the envelope', async () => {
    const reports = [
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://portal.test/index/home',
          'violated-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
        },
      }),
      '{not json',
      '',
    ];
    for (const payload of reports) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/csp-report',
        headers: { 'content-type': 'application/csp-report' },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ code: 0, message: '', data: null });
    }
  });

  it('compresses large answers for clients that accept it', async () => {
    const response = await ctx().app.inject({
      url: '/api/docs',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('unexpected failures', () => {
  let ctx: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp('sqlite', {}, (app) => {
      app.get('/api/test/explode', { config: { login: 'none' } }, async (request) => {
        logged.push(request.id);
        throw new Error('secret internal detail');
      });
    });
  });
  afterAll(() => ctx.close());

  it('answers HTTP 500 in the envelope without details, with the request id to find the log', async () => {
    const response = await ctx.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(body(response)).toEqual({
      code: 500,
      message: '服务器开小差了，请稍后再试',
      data: null,
    });
    expect(response.body).not.toContain('secret');
    expect(response.headers['x-request-id']).toBe(logged[0]);
  });
});

describe('the web app host', () => {
  let ctx: TestApp;
  const BOOT = 'window.booted = 1;';
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body>' +
        `<script id="portal-boot">${BOOT}</script><div id="root"></div></body></html>`,
    );
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))})`,
    );
    fs.writeFileSync(path.join(dist, 'assets', 'pdf.worker-abc123.mjs'), 'self.onmessage = null;');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    ctx = await buildTestApp('sqlite', {
      webDistDir: dist,
      mapTileUrl: 'https://tiles.example.cn/{z}/{x}/{y}.png',
    });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const configOf = (html: string) => {
    const match = /<script type="application\/json" id="portal-config">(.*?)<\/script>/.exec(html);
    return JSON.parse(match?.[1] ?? 'null');
  };

  it('answers page paths with index.html and the default site config', async () => {
    const response = await ctx.app.inject({ url: '/index/home' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>静安学习网</title>');
    expect(configOf(response.body)).toEqual({
      siteKey: 'jingan',
      siteName: '静安学习网',
      themeColor: '#1664ff',
      ssoLoginUrl: '/sso/login',
      portalUrl: null,
      mapTileUrl: 'https://tiles.example.cn/{z}/{x}/{y}.png',
      mapTileDatum: 'gcj02',
      homeEntries: null,
    });
  });

  it('gives the page the entries of home as the site’s staff arranged them', async () => {
    await ctx.app.database.db
      .insertInto('site_home')
      .values({
        site_key: 'xuhui',
        entries: JSON.stringify(['map', 'courseList', 'retired', 'search', 'news']),
        updated_at: Date.now(),
      })
      .execute();
    ctx.app.sites.invalidate();
    const xuhui = await ctx.app.inject({ url: '/xuhui/index/home' });
    expect(configOf(xuhui.body).homeEntries).toEqual(['map', 'courseList', 'search', 'news']);
    // Another site keeps the default.
    const jingan = await ctx.app.inject({ url: '/index/home' });
    expect(configOf(jingan.body).homeEntries).toBeNull();
  });

  it('lets the inline boot script run by its hash, and no other inline script', async () => {
    const hash = createHash('sha256').update(BOOT).digest('base64');
    for (const url of ['/index/home', '/xuhui/scourseList']) {
      const csp = String((await ctx.app.inject({ url })).headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
      const scripts = csp.split(';').find((part) => part.startsWith('script-src'));
      expect(scripts).toBe(`script-src 'self' 'sha256-${hash}'`);
    }
  });

  it('sends the page compressed to a browser that takes it, as it is to one that does not', async () => {
    const plain = await ctx.app.inject({ url: '/scourseList' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await ctx.app.inject({
        url: '/scourseList',
        headers: { 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding'], accept).toBe(coding);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it("names the home page's first banner image for preloading, and only on home", async () => {
    await createCourse(ctx.app.database.db, { site_key: 'jingan', title: '预加载的横幅' });
    ctx.app.home.invalidate();
    const home = body<Home>(await ctx.app.inject({ url: '/api/home' })).data;
    const first = home.banners[0]?.image;
    expect(first).toBeTruthy();
    const page = (await ctx.app.inject({ url: '/index/home' })).body;
    expect(page).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high">`);
    expect(page.match(/rel="preload"/g)).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/scourseList' })).body).not.toContain('rel="preload"');
  });

  it("names a detail page's cover for preloading, only for a published item of the site", async () => {
    const db = ctx.app.database.db;
    const cover = '/files/covers/preload-me.svg';
    const course = await createCourse(db, { site_key: 'jingan', title: '封面预加载', cover });
    const page = (url: string) => ctx.app.inject({ url }).then((response) => response.body);
    const preload = `<link rel="preload" as="image" href="${cover}" fetchpriority="high">`;
    expect(await page(`/scourseDetail?id=${course.id}`)).toContain(preload);
    const before = await db
      .selectFrom('courses')
      .select('view_count')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(Number(before.view_count)).toBe(0);
    for (const url of [
      `/xuhui/scourseDetail?id=${course.id}`,
      '/scourseDetail?id=999999',
      '/scourseDetail?id=abc',
      '/scourseDetail?id=-1',
      '/scourseDetail',
      `/ebookDetails?id=${course.id}999`,
    ]) {
      expect(await page(url)).not.toContain('rel="preload"');
    }
    // A cover kept at several widths names them, with the width the page shows it at.
    const wide = '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w1600.webp';
    const widths = await createCourse(db, { site_key: 'jingan', title: '多宽度封面', cover: wide });
    expect(await page(`/scourseDetail?id=${widths.id}`)).toContain(
      `<link rel="preload" as="image" href="${wide}" imagesrcset="${pictureSrcSet(wide)}" imagesizes="100vw" fetchpriority="high">`,
    );
  });

  it('resolves a variant from the first path segment', async () => {
    const response = await ctx.app.inject({ url: '/xuhui/scourseDetail?id=3' });
    expect(configOf(response.body)).toMatchObject({ siteKey: 'xuhui', siteName: '徐汇学习网' });
    // Spec section 1: only the jingan variant shows its name as the page title.
    expect(response.body).toContain('<title></title>');
    const unknown = await ctx.app.inject({ url: '/elsewhere/page' });
    expect(configOf(unknown.body)).toMatchObject({ siteKey: 'jingan' });
  });

  it('serves hashed assets as immutable and compressed', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    // Only what acts on a script: no document headers (a phone pays for each byte of them).
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security'])
      expect(response.headers[name]).toBeUndefined();
    const worker = await ctx.app.inject({ url: '/assets/pdf.worker-abc123.mjs' });
    expect(worker.statusCode).toBe(200);
    expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('serves other build files with a short cache, and 404 for missing files', async () => {
    const icon = await ctx.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await ctx.app.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/nothing.png' })).statusCode).toBe(404);
  });

  it('serves the service worker to be checked on every visit, its CSP its own', async () => {
    const worker = await ctx.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('names the prefix of the site in the address for the service worker to keep the page by', async () => {
    const prefixOf = async (url: string) =>
      (await ctx.app.inject({ url })).headers['x-portal-prefix'];
    expect(await prefixOf('/index/home')).toBe('');
    expect(await prefixOf('/xuhui/scourseDetail?id=3')).toBe('/xuhui');
    expect(await prefixOf('/xuhui')).toBe('/xuhui');
    expect(await prefixOf('/elsewhere/page')).toBe('');
    // The sites other than the root one, by prefix.
    const page = await ctx.app.inject({ url: '/index/home' });
    expect(page.headers['x-portal-sites']).toBe('/xuhui');
  });

  it('allows map tile images in the content security policy', async () => {
    const response = await ctx.app.inject({ url: '/' });
    expect(String(response.headers['content-security-policy'])).toContain(
      "img-src 'self' data: blob: https://tiles.example.cn",
    );
  });
});

describe('the operators’ console at /admin', () => {
  let ctx: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-admin-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>运营后台</title>' +
        '<script type="module" src="/admin/assets/index-abc.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-abc.js'),
      `export const x = ${JSON.stringify('x'.repeat(4000))};`,
    );
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-abc.js.br'),
      zlib.brotliCompressSync(fs.readFileSync(path.join(dist, 'assets', 'index-abc.js'))),
    );
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await buildTestApp('sqlite', { adminDistDir: dist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page path under /admin with its own page and the runtime config', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/articles/edit?id=3',
      '/admin/authPage?ticket=x',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>运营后台</title>');
      expect(response.body).toContain('id="portal-config"');
      expect(response.body).toContain('/admin/assets/index-abc.js');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves its hashed assets for a year and its other files briefly; nothing else', async () => {
    const asset = await ctx.app.inject({ url: '/admin/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // The copy the build compressed once at the highest quality, when the browser takes it.
    const br = await ctx.app.inject({
      url: '/admin/assets/index-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(asset.body);
    expect((await ctx.app.inject({ url: '/admin/assets/missing.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/admin/favicon.svg' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/admin/nothing.png' })).statusCode).toBe(404);
  });

  it('lets the place editor’s map draw the portal’s tiles, and its own stylesheet', async () => {
    const tiled = await buildTestApp('sqlite', {
      adminDistDir: dist,
      mapTileUrl: 'https://{s}.tiles.example.cn/{z}/{x}/{y}.png',
      mapTileDatum: 'wgs84',
    });
    try {
      const response = await tiled.app.inject({ url: '/admin/places/edit?id=1' });
      const config = JSON.parse(
        /id="portal-config">(.*?)<\/script>/.exec(response.body)?.[1] ?? 'null',
      );
      expect(config).toMatchObject({
        mapTileUrl: 'https://{s}.tiles.example.cn/{z}/{x}/{y}.png',
        mapTileDatum: 'wgs84',
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.cn;");
      expect(csp).toContain("style-src 'self' 'unsafe-inline';");
    } finally {
      await tiled.close();
    }
  });
});
