import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { homeQueryOptions } from '@/features/home/api/get-home.ts';
import { homeMeQueryOptions } from '@/features/home/api/get-home-me.ts';
import { type PagePath, paths } from '@/platform/paths.ts';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { isLoggedIn } from '@/platform/session.ts';

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
  /** The page; a route without one shows the shared 建设中 page (see under-construction.ts). */
  page?: PageLoader;
  /** Starts the page's first data when the app opens on it, in parallel with the token refresh. */
  preload?: (client: QueryClient) => void;
}

/** The home page's data: `/api/home` for everyone, the learner's profile when logged in. */
const preloadHome = (client: QueryClient) => {
  void client.prefetchQuery(homeQueryOptions());
  if (isLoggedIn()) void client.prefetchQuery(profileQueryOptions());
};

/** The entry home adds the learner's own panel. */
const preloadEntryHome = (client: QueryClient) => {
  preloadHome(client);
  if (isLoggedIn()) void client.prefetchQuery(homeMeQueryOptions());
};

const home: PageLoader = () =>
  import('@/features/home/pages/home-page.tsx').then((module) => module.HomePage);

/**
 * The route table: every route of spec section 2, in its order. The spec's `{token}` entry (an
 * identity provider handing back a token directly) is `/authPage?token=`, handled by the login
 * callback page.
 */
export const routes: readonly RouteEntry[] = [
  // The index shell at /index.
  {
    path: paths.home,
    access: 'public',
    title: '首页',
    inIndex: true,
    keepAlive: true,
    page: home,
    preload: preloadHome,
  },
  {
    path: paths.gotoHome,
    access: 'auth',
    title: '首页',
    inIndex: true,
    page: home,
    preload: preloadEntryHome,
  },
  {
    path: paths.study,
    access: 'auth',
    title: '学习',
    inIndex: true,
    page: () => import('@/features/study/pages/study-page.tsx').then((module) => module.StudyPage),
  },
  {
    path: paths.activity,
    access: 'auth',
    title: '活动',
    inIndex: true,
    keepAlive: true,
    page: () =>
      import('@/features/activities/pages/activity-home-page.tsx').then(
        (module) => module.ActivityHomePage,
      ),
  },
  {
    path: paths.mine,
    access: 'auth',
    title: '我的',
    inIndex: true,
    page: () => import('@/features/mine/pages/mine-page.tsx').then((module) => module.MinePage),
  },
  { path: paths.news, access: 'auth', title: '资讯', inIndex: true },
  { path: paths.newsInfo, access: 'auth', title: '资讯公告', inIndex: true },
  { path: paths.notice, access: 'auth', title: '通知公告', inIndex: true },
  { path: paths.map, access: 'auth', title: '学习地图', inIndex: true, keepAlive: true },
  { path: paths.delivery, access: 'auth', title: '资源配送', inIndex: true, keepAlive: true },
  // Top-level public routes.
  {
    path: paths.courseList,
    access: 'public',
    title: '更多课程',
    keepAlive: true,
    page: () =>
      import('@/features/courses/pages/course-list-page.tsx').then(
        (module) => module.CourseListPage,
      ),
  },
  {
    path: paths.courseDetail,
    access: 'public',
    title: '课程详情',
    page: () =>
      import('@/features/courses/pages/course-detail-page.tsx').then(
        (module) => module.CourseDetailPage,
      ),
  },
  {
    path: paths.classDetail,
    access: 'public',
    title: '班级详情',
    page: () =>
      import('@/features/classes/pages/class-detail-page.tsx').then(
        (module) => module.ClassDetailPage,
      ),
  },
  {
    path: paths.extensionDetail,
    access: 'public',
    title: '特色活动',
    page: () =>
      import('@/features/activities/pages/extension-detail-page.tsx').then(
        (module) => module.ExtensionDetailPage,
      ),
  },
  {
    path: paths.classSignup,
    access: 'public',
    title: '班级报名',
    page: () =>
      import('@/features/classes/pages/class-signup-page.tsx').then(
        (module) => module.ClassSignupPage,
      ),
  },
  {
    path: paths.extensionSignup,
    access: 'public',
    title: '特色活动报名',
    page: () =>
      import('@/features/activities/pages/extension-signup-page.tsx').then(
        (module) => module.ExtensionSignupPage,
      ),
  },
  { path: paths.createTeam, access: 'public', title: '创建团队' },
  { path: paths.bindSetting, access: 'public', title: '绑定账号' },
  { path: paths.teamList, access: 'public', title: '学习团队' },
  {
    path: paths.familyEducation,
    access: 'public',
    title: '家庭教育',
    page: () => import('@/features/topics/pages/topic-page.tsx').then((module) => module.TopicPage),
  },
  {
    path: paths.topicBooks,
    access: 'public',
    title: '专题书单',
    page: () =>
      import('@/features/topics/pages/topic-books-page.tsx').then(
        (module) => module.TopicBooksPage,
      ),
  },
  { path: paths.joinTeam, access: 'public', title: '加入团队' },
  { path: paths.teamWorkDetail, access: 'public', title: '团队作品' },
  { path: paths.contentDetail, access: 'public', title: '资讯详情' },
  { path: paths.liveDetail, access: 'public', title: '直播详情' },
  { path: paths.fengcaiDetail, access: 'public', title: '学习风采' },
  { path: paths.showcaseDetail, access: 'public', title: '成果展示' },
  { path: paths.talkDetail, access: 'public', title: '话题详情' },
  { path: paths.teamDetail, access: 'public', title: '团队详情' },
  { path: paths.liveList, access: 'public', title: '直播' },
  { path: paths.liveCourses, access: 'public', title: '直播课堂' },
  { path: paths.channelList, access: 'public', title: '频道' },
  {
    path: paths.login,
    access: 'public',
    title: '登录',
    page: () =>
      import('@/features/account/pages/login-page.tsx').then((module) => module.LoginPage),
  },
  {
    path: paths.authPage,
    access: 'public',
    title: '登录',
    page: () => import('@/features/account/pages/auth-page.tsx').then((module) => module.AuthPage),
  },
  // Top-level routes that need login.
  { path: paths.nearbyMap, access: 'auth', title: '身边的学习点' },
  {
    path: paths.ebookList,
    access: 'auth',
    title: '电子书',
    keepAlive: true,
    page: () =>
      import('@/features/ebooks/pages/ebook-list-page.tsx').then((module) => module.EbookListPage),
  },
  {
    path: paths.ebookDetail,
    access: 'auth',
    title: '电子书详情',
    page: () =>
      import('@/features/ebooks/pages/ebook-detail-page.tsx').then(
        (module) => module.EbookDetailPage,
      ),
  },
  {
    path: paths.ebookContent,
    access: 'auth',
    title: '电子书阅读',
    page: () =>
      import('@/features/ebooks/pages/ebook-reader-page.tsx').then(
        (module) => module.EbookReaderPage,
      ),
  },
  {
    path: paths.activityList,
    access: 'auth',
    title: '更多活动',
    keepAlive: true,
    page: () =>
      import('@/features/activities/pages/activity-list-page.tsx').then(
        (module) => module.ActivityListPage,
      ),
  },
  {
    path: paths.activityDetail,
    access: 'auth',
    title: '活动详情',
    page: () =>
      import('@/features/activities/pages/activity-detail-page.tsx').then(
        (module) => module.ActivityDetailPage,
      ),
  },
  {
    path: paths.activityApply,
    access: 'auth',
    title: '活动报名',
    page: () =>
      import('@/features/activities/pages/activity-apply-page.tsx').then(
        (module) => module.ActivityApplyPage,
      ),
  },
  { path: paths.messageDetail, access: 'auth', title: '消息详情' },
  {
    path: paths.favourites,
    access: 'auth',
    title: '我的收藏',
    page: () =>
      import('@/features/favourites/pages/favourites-page.tsx').then(
        (module) => module.FavouritesPage,
      ),
  },
  {
    path: paths.history,
    access: 'auth',
    title: '学习足迹',
    page: () =>
      import('@/features/favourites/pages/history-page.tsx').then((module) => module.HistoryPage),
  },
  {
    path: paths.learning,
    access: 'auth',
    title: '正在学习',
    page: () =>
      import('@/features/study/pages/learning-page.tsx').then((module) => module.LearningPage),
  },
  {
    path: paths.myClasses,
    access: 'auth',
    title: '我的班级',
    page: () =>
      import('@/features/classes/pages/my-classes-page.tsx').then((module) => module.MyClassesPage),
  },
  {
    path: paths.myActivities,
    access: 'auth',
    title: '我的活动',
    page: () =>
      import('@/features/activities/pages/my-activities-page.tsx').then(
        (module) => module.MyActivitiesPage,
      ),
  },
  {
    path: paths.classStudy,
    access: 'auth',
    title: '班级学习',
    page: () =>
      import('@/features/study/pages/class-study-page.tsx').then((module) => module.ClassStudyPage),
  },
  { path: paths.medals, access: 'auth', title: '我的勋章' },
  { path: paths.pointsRecord, access: 'auth', title: '积分记录' },
  { path: paths.pointsTasks, access: 'auth', title: '积分任务' },
  { path: paths.myTeam, access: 'auth', title: '我的团队' },
  { path: paths.teamSettings, access: 'auth', title: '团队设置' },
  { path: paths.teamMembers, access: 'auth', title: '成员管理' },
  { path: paths.teamProgress, access: 'auth', title: '团队学习' },
  { path: paths.connectCourse, access: 'auth', title: '关联资源' },
  { path: paths.ranking, access: 'auth', title: '排行榜' },
  { path: paths.accountSettings, access: 'auth', title: '账号设置' },
  { path: paths.statistics, access: 'auth', title: '学习统计' },
  { path: paths.achievement, access: 'auth', title: '学习成就' },
  {
    path: paths.search,
    access: 'auth',
    title: '搜索',
    page: () =>
      import('@/features/search/pages/search-page.tsx').then((module) => module.SearchPage),
  },
  {
    path: paths.searchResult,
    access: 'auth',
    title: '搜索结果',
    keepAlive: true,
    page: () =>
      import('@/features/search/pages/search-result-page.tsx').then(
        (module) => module.SearchResultPage,
      ),
  },
  { path: paths.mapPlace, access: 'auth', title: '学习点详情' },
  { path: paths.mapSchool, access: 'auth', title: '学校详情' },
  { path: paths.mapDetail, access: 'auth', title: '地点详情' },
  { path: paths.mapCourses, access: 'auth', title: '学习点课程' },
  { path: paths.mapActivities, access: 'auth', title: '学习点活动' },
  { path: paths.mapProjects, access: 'auth', title: '学习点项目' },
  { path: paths.experienceBases, access: 'auth', title: '体验基地' },
  { path: paths.humanitiesWalks, access: 'auth', title: '人文行走' },
  {
    path: paths.pdf,
    access: 'auth',
    title: '文档阅读',
    page: () => import('@/features/ebooks/pages/pdf-page.tsx').then((module) => module.PdfPage),
  },
];

const byPath = new Map<string, RouteEntry>(routes.map((route) => [route.path, route]));

/** The route entry of a pathname (relative to the basename), if there is one. */
export function routeOf(pathname: string): RouteEntry | undefined {
  return byPath.get(pathname);
}

/** True when the page at this pathname is kept alive. */
export const isKeptAlive = (pathname: string) => routeOf(pathname)?.keepAlive === true;
