import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH, EXTRA_AUTH, EXTRA_PUBLIC, INDEX_CHILDREN, PUBLIC } from '@/testing/spec-routes.ts';
import { LANDINGS } from './landing-data.ts';
import { isKeptAlive, pageComponentName, routes } from './routes.ts';

describe('the route table', () => {
  it('holds exactly the routes of spec section 2 (and the documented extras) with their access', () => {
    const table = Object.fromEntries(routes.map((route) => [route.path, route.access]));
    const spec = {
      ...INDEX_CHILDREN,
      ...Object.fromEntries(PUBLIC.map((path) => [path, 'public'])),
      ...Object.fromEntries(EXTRA_PUBLIC.map((path) => [path, 'public'])),
      ...Object.fromEntries(AUTH.map((path) => [path, 'auth'])),
      ...Object.fromEntries(EXTRA_AUTH.map((path) => [path, 'auth'])),
    };
    expect(table).toEqual(spec);
    expect(routes).toHaveLength(Object.keys(spec).length);
  });

  it('puts the index children, and only them, in the index shell', () => {
    expect(routes.filter((route) => route.inIndex).map((route) => route.path)).toEqual(
      Object.keys(INDEX_CHILDREN),
    );
  });

  it('keeps alive home, map, resource delivery, course list, search result, e-books and activities', () => {
    expect(routes.filter((route) => route.keepAlive).map((route) => route.path)).toEqual([
      '/index/home',
      '/index/activity',
      '/index/map',
      '/index/zyps',
      '/scourseList',
      '/moreEBook',
      '/moreActivity',
      '/searchResult',
    ]);
    expect(isKeptAlive('/index/home')).toBe(true);
    expect(isKeptAlive('/scourseDetail')).toBe(false);
  });

  it('gives every route a title', () => {
    for (const route of routes) expect(route.title, route.path).toMatch(/\S/);
  });

  it('gives every route a page (no area is left under construction)', () => {
    for (const route of routes) expect(typeof route.page, route.path).toBe('function');
  });

  it('finds each page by the naming rule: <name>-page.tsx exports <Name>Page', () => {
    expect(pageComponentName('course-list')).toBe('CourseListPage');
    const features = path.resolve(import.meta.dirname, '../features');
    const pages = fs
      .readdirSync(features)
      .flatMap((area) =>
        fs.existsSync(path.join(features, area, 'pages'))
          ? fs.readdirSync(path.join(features, area, 'pages')).map((file) => [area, file])
          : [],
      )
      .filter(([, file]) => file?.endsWith('-page.tsx'));
    expect(pages.length).toBeGreaterThan(20);
    for (const [area = '', file = ''] of pages) {
      const text = fs.readFileSync(path.join(features, area, 'pages', file), 'utf8');
      const name = pageComponentName(file.replace(/-page\.tsx$/, ''));
      expect(text, `${area}/${file}`).toContain(`export function ${name}(`);
    }
  });
});

describe('the landing pages (boot script)', () => {
  it('name, for each path, the page the route table shows there', () => {
    for (const [path, landing] of Object.entries(LANDINGS)) {
      const route = routes.find((entry) => entry.path === path);
      expect(route?.pageName, path).toBe(landing?.page);
    }
  });
});
