import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * Installing the portal (issue 32): each site's web app manifest, started and scoped at the
 * site's prefix in its colour, its icons drawn in that colour, and every page naming them.
 */
describe('the web app manifest and icons of each site', () => {
  let ctx: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await buildTestApp('sqlite', { webDistDir: dist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const manifestOf = async (url: string) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    return response.json();
  };

  /** The colour of an icon's pixel, `#rrggbb`, and its opacity (0–255). */
  const pixel = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    const hex = [...data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, '0'));
    return { color: `#${hex.join('')}`, alpha: info.channels === 4 ? (data[at + 3] ?? 0) : 255 };
  };

  it('names the root site, started at its home and scoped to the whole portal', async () => {
    expect(await manifestOf('/manifest.webmanifest')).toEqual({
      id: '/',
      name: '静安学习网',
      short_name: '静安学习网',
      description: '静安学习网：课程、活动、直播、电子书与学习团队，随时随地学习。',
      lang: 'zh-CN',
      dir: 'ltr',
      start_url: '/index/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#1664ff',
      background_color: '#f5f7fa',
      icons: [
        { src: '/app-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/app-icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    });
  });

  it('names another site under its prefix, in its colour; no manifest for an unknown one', async () => {
    const xuhui = await manifestOf('/xuhui/manifest.webmanifest');
    expect(xuhui).toMatchObject({
      id: '/xuhui/',
      name: '徐汇学习网',
      start_url: '/xuhui/index/home',
      scope: '/xuhui/',
      theme_color: '#0b7a75',
    });
    expect(xuhui.icons.map((icon: { src: string }) => icon.src)).toEqual([
      '/xuhui/app-icon-192.png',
      '/xuhui/app-icon-512.png',
      '/xuhui/app-icon-maskable-512.png',
    ]);
    expect((await ctx.app.inject({ url: '/elsewhere/manifest.webmanifest' })).statusCode).toBe(404);
    // The root site has no prefix of its own.
    expect((await ctx.app.inject({ url: '/jingan/manifest.webmanifest' })).statusCode).toBe(404);
  });

  it('draws each icon at its size in the site’s colour, the maskable one to its edges', async () => {
    for (const [url, size] of [
      ['/app-icon-192.png', 192],
      ['/app-icon-512.png', 512],
      ['/app-icon-180.png', 180],
      ['/xuhui/app-icon-maskable-512.png', 512],
    ] as const) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['png', size, size]);
    }
    const rounded = (await ctx.app.inject({ url: '/app-icon-512.png' })).rawPayload;
    // A rounded square: the corner is clear, the edge's middle the site's colour.
    expect((await pixel(rounded, 0, 0)).alpha).toBe(0);
    expect(await pixel(rounded, 256, 4)).toEqual({ color: '#1664ff', alpha: 255 });
    const maskable = (await ctx.app.inject({ url: '/xuhui/app-icon-maskable-512.png' })).rawPayload;
    expect(await pixel(maskable, 0, 0)).toEqual({ color: '#0b7a75', alpha: 255 });
    // The mark (white) inside the safe circle.
    expect((await pixel(maskable, 256, 200)).color).toBe('#ffffff');
    for (const url of [
      '/app-icon-100.png',
      '/app-icon-maskable-192.png',
      '/elsewhere/app-icon-192.png',
    ])
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('names the site’s manifest, home-screen icon and name on every page', async () => {
    const root = (await ctx.app.inject({ url: '/index/home' })).body;
    expect(root).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(root).toContain('<link rel="apple-touch-icon" href="/app-icon-180.png">');
    const xuhui = (await ctx.app.inject({ url: '/xuhui/scourseDetail?id=3' })).body;
    expect(xuhui).toContain('<link rel="manifest" href="/xuhui/manifest.webmanifest">');
    expect(xuhui).toContain('<link rel="apple-touch-icon" href="/xuhui/app-icon-180.png">');
    expect(xuhui).toContain('<meta name="apple-mobile-web-app-title" content="徐汇学习网">');
  });
});
