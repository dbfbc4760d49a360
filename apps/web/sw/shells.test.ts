import { describe, expect, it } from 'vitest';
import { isPortalPage, shellKey, shellOf, sitePrefixes } from './shells.ts';

const ORIGIN = 'https://learn.example.cn';

const page = (headers: Record<string, string>, status = 200) =>
  new Response('<!doctype html>', {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  });

describe('the sites’ shells the service worker keeps', () => {
  it('keeps only whole portal pages', () => {
    expect(isPortalPage(page({ 'x-portal-prefix': '' }))).toBe(true);
    expect(isPortalPage(page({ 'x-portal-prefix': '' }, 503))).toBe(false);
    // Not the portal's page: a proxy's error page, the console's.
    expect(isPortalPage(page({}))).toBe(false);
    expect(
      isPortalPage(
        new Response('{}', {
          headers: { 'content-type': 'application/json', 'x-portal-prefix': '' },
        }),
      ),
    ).toBe(false);
  });

  it('keeps a page as the shell of the site its address is under', () => {
    expect(shellOf(page({ 'x-portal-prefix': '' }), ORIGIN)).toBe(`${ORIGIN}/__shell__/`);
    expect(shellOf(page({ 'x-portal-prefix': '/xuhui' }), ORIGIN)).toBe(
      `${ORIGIN}/__shell__/xuhui/`,
    );
    // Nothing odd in a cache key.
    expect(shellOf(page({ 'x-portal-prefix': '/../x' }), ORIGIN)).toBe(`${ORIGIN}/__shell__/`);
  });

  it('starts a page with the shell of its site, the root site’s for any other address', () => {
    const prefixes = sitePrefixes(page({ 'x-portal-sites': '/xuhui,/putuo,bad' }));
    expect(prefixes).toEqual(['/xuhui', '/putuo']);
    expect(shellKey(`${ORIGIN}/xuhui/index/home`, ORIGIN, prefixes)).toBe(
      `${ORIGIN}/__shell__/xuhui/`,
    );
    expect(shellKey(`${ORIGIN}/index/home`, ORIGIN, prefixes)).toBe(`${ORIGIN}/__shell__/`);
    expect(shellKey(`${ORIGIN}/scourseDetail?id=3`, ORIGIN, prefixes)).toBe(`${ORIGIN}/__shell__/`);
    expect(shellKey(`${ORIGIN}/`, ORIGIN, [])).toBe(`${ORIGIN}/__shell__/`);
  });
});
