import { describe, expect, it } from 'vitest';
import { isKeptAlive, routes } from './routes.ts';
import { underConstruction } from './under-construction.ts';

// Spec section 2, copied route by route.
const INDEX_CHILDREN = {
  '/index/home': 'public',
  '/index/gotoHome': 'auth',
  '/index/study': 'auth',
  '/index/activity': 'auth',
  '/index/userInfo': 'auth',
  '/index/news': 'auth',
  '/index/info': 'auth',
  '/index/notice': 'auth',
  '/index/map': 'auth',
  '/index/zyps': 'auth',
};
// The spec's `{token}` entry is /authPage?token= (a token handed back directly).
const PUBLIC = [
  '/scourseList',
  '/scourseDetail',
  '/classDetails',
  '/extensionDetails',
  '/classSignup',
  '/extensionSignup',
  '/createGroup',
  '/bindSetting',
  '/addGroupList',
  '/zhuanti/2024/jtjy',
  '/zhuanti/2024/moreBook',
  '/addGroup',
  '/groupWorkDetail',
  '/contentDetails',
  '/liveDetails',
  '/fengcaiDetails',
  '/zanshiDetails',
  '/talkDetails',
  '/teamDetails',
  '/liveList',
  '/liveZzxk',
  '/channelList',
  '/login',
  '/authPage',
];
const AUTH = [
  '/curMap',
  '/moreEBook',
  '/ebookDetails',
  '/ebookContent',
  '/moreActivity',
  '/activityDetails',
  '/activityApply',
  '/messageDetails',
  '/collect',
  '/footmark',
  '/learningFile',
  '/myClassroom',
  '/myActive',
  '/classStudy',
  '/medal',
  '/pointsRecord',
  '/pointsTask',
  '/myTeam',
  '/setTeam',
  '/management',
  '/learningProgress',
  '/connectCourse',
  '/rankingList',
  '/accountSetting',
  '/statistics',
  '/achievement',
  '/searchPage',
  '/searchResult',
  '/mapDetailsPlace',
  '/mapDetailsSchool',
  '/mapDetails',
  '/mapInfoCourse',
  '/mapInfoAct',
  '/mapInfoProject',
  '/Tiyan',
  '/Rwxz',
  '/pdf',
];

describe('the route table', () => {
  it('holds exactly the routes of spec section 2 with their access', () => {
    const table = Object.fromEntries(routes.map((route) => [route.path, route.access]));
    const spec = {
      ...INDEX_CHILDREN,
      ...Object.fromEntries(PUBLIC.map((path) => [path, 'public'])),
      ...Object.fromEntries(AUTH.map((path) => [path, 'auth'])),
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

  it('lists a route as 建设中 exactly when it has no page yet', () => {
    const pending = new Set<string>(underConstruction);
    expect(pending.size).toBe(underConstruction.length);
    for (const route of routes) {
      expect(pending.has(route.path), route.path).toBe(route.page === undefined);
    }
    for (const path of pending) expect(routes.some((route) => route.path === path)).toBe(true);
  });
});
