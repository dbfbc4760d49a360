import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { activityDetailQueryOptions } from '@/features/activities/api/get-activity-detail.ts';
import { categoriesQueryOptions } from '@/features/courses/api/get-categories.ts';
import { courseDetailQueryOptions } from '@/features/courses/api/get-course-detail.ts';
import { coursesQueryOptions } from '@/features/courses/api/get-courses.ts';
import { ebookCategoriesQueryOptions } from '@/features/ebooks/api/get-ebook-categories.ts';
import { ebookDetailQueryOptions } from '@/features/ebooks/api/get-ebook-detail.ts';
import { ebooksQueryOptions } from '@/features/ebooks/api/get-ebooks.ts';
import { homeQueryOptions } from '@/features/home/api/get-home.ts';
import { homeMeQueryOptions } from '@/features/home/api/get-home-me.ts';
import { placeListQueryOptions, placeMarkersQueryOptions } from '@/features/map/api/get-places.ts';
import { articleDetailQueryOptions } from '@/features/news/api/articles.ts';
import { rankingQueryOptions, teamRankQueryOptions } from '@/features/teams/api/get-ranking.ts';
import { teamWorksQueryOptions } from '@/features/teams/api/get-team-works.ts';
import { teamDetailQueryOptions } from '@/features/teams/api/get-teams.ts';
import { teamResourcesQueryOptions } from '@/features/teams/api/team-resources.ts';
import { rankingPeriodOf, rankingScopeOf } from '@/features/teams/lib/ranking-params.ts';
import { idParam } from '@/lib/id-param.ts';
import { type PagePath, paths } from '@/platform/paths.ts';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { isLoggedIn } from '@/platform/session.ts';
import { preloadSanitize } from '@/ui/rich-html.tsx';

/** Who may open a route (spec section 6): anyone, or a learner with a stored token. */
export type RouteAccess = 'public' | 'auth';

/** Loads a page's chunk (code-split) and picks its component. */
export type PageLoader = () => Promise<ComponentType>;

export interface RouteEntry {
  path: PagePath;
  access: RouteAccess;
  /** The page's name, shown in its header and announced to screen readers. */
  title: string;
  /** Kept alive (spec section 2): state and scroll survive a visit to another page. */
  keepAlive?: boolean;
  /** A child of the index shell, under the bottom tab bar. */
  inIndex?: boolean;
  /** The page (every route of the spec has one). */
  page: PageLoader;
  /** The page module (`<area>/<name>`) when it follows the naming rule. */
  pageName?: `${string}/${string}`;
  /**
   * Starts the page's first data when the app opens on it, in parallel with the token refresh
   * (the boot script has asked for it already: this puts its answers in the query cache); settles
   * once it is there, or has failed.
   */
  preload?: Preload;
}

/** A landing page's first data, from its address's query (`search`). */
type Preload = (client: QueryClient, search: URLSearchParams) => Promise<unknown>;

/** The home page's data: `/api/home` for everyone, the learner's profile when logged in. */
const preloadHome: Preload = (client) =>
  Promise.all([
    client.prefetchQuery(homeQueryOptions()),
    isLoggedIn() ? client.prefetchQuery(profileQueryOptions()) : null,
  ]);

/** The entry home adds the learner's own panel. */
const preloadEntryHome: Preload = (client, search) =>
  Promise.all([
    preloadHome(client, search),
    isLoggedIn() ? client.prefetchQuery(homeMeQueryOptions()) : null,
  ]);

/**
 * A detail page's item, by the address's `id` (nothing without a valid one); with `richText`,
 * the sanitizer too, so that the item's rich text shows with the page rather than moving what is
 * under it when it fills in.
 */
const preloadDetail =
  <T, K extends QueryKey>(
    optionsOf: (id: number) => FetchQueryOptions<T, Error, T, K>,
    { richText = false } = {},
  ): Preload =>
  (client, search) => {
    const id = idParam(search.get('id'));
    if (id === null) return Promise.resolve();
    return Promise.all([client.prefetchQuery(optionsOf(id)), richText ? preloadSanitize() : null]);
  };

/** The course list: its categories, and its first page when no filter is set. */
const preloadCourses: Preload = (client, search) =>
  Promise.all([
    client.prefetchQuery(categoriesQueryOptions()),
    search.size === 0
      ? client.prefetchInfiniteQuery(coursesQueryOptions({ sort: 'newest' }))
      : null,
  ]);

/** The e-book shelf: its categories, and its first page when no filter is set. */
const preloadEbooks: Preload = (client, search) =>
  Promise.all([
    client.prefetchQuery(ebookCategoriesQueryOptions()),
    search.size === 0 ? client.prefetchInfiniteQuery(ebooksQueryOptions({})) : null,
  ]);

/** A team's page: the team, its places, its linked resources and its first works. */
const preloadTeam: Preload = (client, search) => {
  const id = idParam(search.get('id'));
  if (id === null) return Promise.resolve();
  return Promise.all([
    client.prefetchQuery(teamDetailQueryOptions(id)),
    client.prefetchQuery(teamRankQueryOptions(id)),
    client.prefetchQuery(teamResourcesQueryOptions(id)),
    client.prefetchInfiniteQuery(teamWorksQueryOptions(id, 5)),
  ]);
};

/** The rankings board the address names. */
const preloadRanking: Preload = (client, search) =>
  client.prefetchQuery(
    rankingQueryOptions(rankingScopeOf(search.get('scope')), rankingPeriodOf(search.get('period'))),
  );

/** The map's markers and list before a search, a category or a position. */
const preloadMap: Preload = (client) =>
  Promise.all([
    client.prefetchQuery(placeMarkersQueryOptions(null, '', null)),
    client.prefetchInfiniteQuery(placeListQueryOptions(null, '', null)),
  ]);

/** Every page module (`features/<area>/pages/<name>-page.tsx`), each its own chunk. */
const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>(
  '../features/*/pages/*-page.tsx',
);

/** `course-list` -> `CourseListPage`: the component a page module exports. */
export const pageComponentName = (name: string) =>
  `${name.replace(/(?:^|-)([a-z])/g, (_match, letter: string) => letter.toUpperCase())}Page`;

const loaders = new Map<string, PageLoader>();

/**
 * The page `<area>/<name>`: the chunk of `features/<area>/pages/<name>-page.tsx`, then the
 * component it exports by the naming rule (`courses/course-list` -> `CourseListPage`). One
 * loader per page, however many routes show it.
 */
function page(name: `${string}/${string}`): PageLoader {
  const known = loaders.get(name);
  if (known) return known;
  const [area, file = ''] = name.split('/');
  const path = `../features/${area}/pages/${file}-page.tsx`;
  const load = pageModules[path];
  if (!load) throw new Error(`No page module ${path}`);
  const component = pageComponentName(file);
  const loader: PageLoader = async () => {
    const found = (await load())[component];
    if (!found) throw new Error(`${path} exports no ${component}`);
    return found;
  };
  loaders.set(name, loader);
  return loader;
}

type RouteExtras = Pick<RouteEntry, 'keepAlive' | 'inIndex' | 'preload'>;

/**
 * One line of the table: path, access, title, the page (a loader, or `<area>/<name>` by the
 * naming rule of {@link page}) and the rest.
 */
function route(
  path: PagePath,
  access: RouteAccess,
  title: string,
  pageOf: `${string}/${string}` | PageLoader,
  extras: RouteExtras = {},
): RouteEntry {
  const loader = typeof pageOf === 'string' ? page(pageOf) : pageOf;
  return {
    path,
    access,
    title,
    ...extras,
    page: loader,
    ...(typeof pageOf === 'string' ? { pageName: pageOf } : {}),
  };
}

/**
 * The route table: every route of spec section 2, in its order. The spec's `{token}` entry (an
 * identity provider handing back a token directly) is `/authPage?token=`, handled by the login
 * callback page.
 */
export const routes: readonly RouteEntry[] = [
  // The index shell at /index.
  route(paths.home, 'public', '首页', 'home/home', {
    inIndex: true,
    keepAlive: true,
    preload: preloadHome,
  }),
  route(paths.gotoHome, 'auth', '首页', 'home/home', {
    inIndex: true,
    preload: preloadEntryHome,
  }),
  route(paths.study, 'auth', '学习', 'study/study', { inIndex: true }),
  route(paths.activity, 'auth', '活动', 'activities/activity-home', {
    inIndex: true,
    keepAlive: true,
  }),
  route(paths.mine, 'auth', '我的', 'mine/mine', { inIndex: true }),
  route(paths.news, 'auth', '资讯', 'news/news', { inIndex: true }),
  route(paths.newsInfo, 'auth', '通知', 'news/info', { inIndex: true }),
  route(paths.notice, 'auth', '公告', 'news/notice', { inIndex: true }),
  route(paths.map, 'auth', '学习地图', 'map/map', {
    inIndex: true,
    keepAlive: true,
    preload: preloadMap,
  }),
  route(paths.delivery, 'auth', '资源配送', 'delivery/delivery', {
    inIndex: true,
    keepAlive: true,
  }),
  // Top-level public routes.
  route(paths.courseList, 'public', '更多课程', 'courses/course-list', {
    keepAlive: true,
    preload: preloadCourses,
  }),
  route(paths.courseDetail, 'public', '课程详情', 'courses/course-detail', {
    preload: preloadDetail(courseDetailQueryOptions, { richText: true }),
  }),
  route(paths.classDetail, 'public', '班级详情', 'classes/class-detail'),
  route(paths.extensionDetail, 'public', '特色活动', 'activities/extension-detail'),
  route(paths.classSignup, 'public', '班级报名', 'classes/class-signup'),
  route(paths.extensionSignup, 'public', '特色活动报名', 'activities/extension-signup'),
  route(paths.createTeam, 'public', '创建团队', 'teams/create-team'),
  route(paths.bindSetting, 'public', '绑定账号', 'account/bind-setting'),
  route(paths.teamList, 'public', '学习团队', 'teams/team-list'),
  route(paths.familyEducation, 'public', '家庭教育', 'topics/topic'),
  route(paths.topicBooks, 'public', '专题书单', 'topics/topic-books'),
  route(paths.joinTeam, 'public', '加入团队', 'teams/join-team'),
  route(paths.teamWorkDetail, 'public', '团队作品', 'teams/team-work-detail'),
  route(paths.contentDetail, 'public', '资讯详情', 'news/article', {
    preload: preloadDetail(articleDetailQueryOptions, { richText: true }),
  }),
  route(paths.liveDetail, 'public', '直播详情', 'live/live-detail'),
  route(paths.fengcaiDetail, 'public', '学习风采', 'news/article'),
  route(paths.showcaseDetail, 'public', '成果展示', 'news/article'),
  route(paths.talkDetail, 'public', '讲座访谈', 'news/article'),
  route(paths.teamDetail, 'public', '团队详情', 'teams/team-detail', { preload: preloadTeam }),
  route(paths.liveList, 'public', '直播', 'live/live-list'),
  route(paths.liveCourses, 'public', '自主选课', 'live/live-timetable'),
  route(paths.channelList, 'public', '频道', 'live/channel-list'),
  route(paths.login, 'public', '登录', 'account/login'),
  route(paths.authPage, 'public', '登录', 'account/auth'),
  // Top-level routes that need login.
  route(paths.nearbyMap, 'auth', '身边的学习点', 'map/nearby'),
  route(paths.ebookList, 'auth', '电子书', 'ebooks/ebook-list', {
    keepAlive: true,
    preload: preloadEbooks,
  }),
  route(paths.ebookDetail, 'auth', '电子书详情', 'ebooks/ebook-detail', {
    preload: preloadDetail(ebookDetailQueryOptions),
  }),
  route(paths.ebookContent, 'auth', '电子书阅读', 'ebooks/ebook-reader'),
  route(paths.activityList, 'auth', '更多活动', 'activities/activity-list', { keepAlive: true }),
  route(paths.activityDetail, 'auth', '活动详情', 'activities/activity-detail', {
    preload: preloadDetail(activityDetailQueryOptions, { richText: true }),
  }),
  route(paths.activityApply, 'auth', '活动报名', 'activities/activity-apply'),
  route(paths.messageDetail, 'auth', '消息详情', 'messages/message-detail'),
  route(paths.favourites, 'auth', '我的收藏', 'favourites/favourites'),
  route(paths.history, 'auth', '学习足迹', 'favourites/history'),
  route(paths.learning, 'auth', '正在学习', 'study/learning'),
  route(paths.myClasses, 'auth', '我的班级', 'classes/my-classes'),
  route(paths.myActivities, 'auth', '我的活动', 'activities/my-activities'),
  route(paths.classStudy, 'auth', '班级学习', 'study/class-study'),
  route(paths.medals, 'auth', '我的勋章', 'medals/medal'),
  route(paths.pointsRecord, 'auth', '积分记录', 'points/points-record'),
  route(paths.pointsTasks, 'auth', '积分任务', 'points/points-task'),
  route(paths.myTeam, 'auth', '我的团队', 'teams/my-team'),
  route(paths.teamSettings, 'auth', '团队设置', 'teams/team-settings'),
  route(paths.teamMembers, 'auth', '成员管理', 'teams/team-members'),
  route(paths.teamProgress, 'auth', '团队学习', 'teams/learning-progress'),
  route(paths.connectCourse, 'auth', '关联资源', 'teams/connect-course'),
  route(paths.ranking, 'auth', '排行榜', 'teams/ranking', { preload: preloadRanking }),
  route(paths.accountSettings, 'auth', '账号设置', 'account/account-settings'),
  route(paths.statistics, 'auth', '学习统计', 'statistics/statistics'),
  route(paths.achievement, 'auth', '学习成就', 'medals/achievement'),
  route(paths.search, 'auth', '搜索', 'search/search'),
  route(paths.searchResult, 'auth', '搜索结果', 'search/search-result', { keepAlive: true }),
  route(paths.mapPlace, 'auth', '学习点详情', 'map/place-detail'),
  route(paths.mapSchool, 'auth', '学校详情', 'map/place-detail'),
  route(paths.mapDetail, 'auth', '地点详情', 'map/place-detail'),
  route(paths.mapCourses, 'auth', '学习点课程', 'map/place-courses'),
  route(paths.mapActivities, 'auth', '学习点活动', 'map/place-activities'),
  route(paths.mapProjects, 'auth', '学习点项目', 'map/place-projects'),
  route(paths.experienceBases, 'auth', '体验基地', 'bases/experience-bases'),
  route(paths.humanitiesWalks, 'auth', '人文行走', 'walks/humanities-walks'),
  route(paths.pdf, 'auth', '文档阅读', 'ebooks/pdf'),
  // Beyond spec section 2 (documented in the README): anyone checks a certificate's code.
  route(paths.certVerify, 'public', '证书验证', 'medals/cert-verify'),
  // Beyond spec section 2 (documented in the README): a deliverable resource and a request.
  route(paths.deliveryResource, 'auth', '配送资源', 'delivery/delivery-resource'),
  route(paths.deliveryRequest, 'auth', '配送申请', 'delivery/delivery-request'),
];

const byPath = new Map<string, RouteEntry>(routes.map((route) => [route.path, route]));

/** The route entry of a pathname (relative to the basename), if there is one. */
export function routeOf(pathname: string): RouteEntry | undefined {
  return byPath.get(pathname);
}

/** True when the page at this pathname is kept alive. */
export const isKeptAlive = (pathname: string) => routeOf(pathname)?.keepAlive === true;
