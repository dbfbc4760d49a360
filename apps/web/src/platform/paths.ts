/**
 * Every page address of the portal (spec section 2), by name. Components build links with
 * {@link href} instead of writing addresses as strings; the route table in `src/app` maps each
 * one to its page. Addresses are relative to the site variant's basename.
 */
export const paths = {
  root: '/',
  index: '/index',
  // The index shell's children (bottom tab bar).
  home: '/index/home',
  gotoHome: '/index/gotoHome',
  study: '/index/study',
  activity: '/index/activity',
  mine: '/index/userInfo',
  news: '/index/news',
  newsInfo: '/index/info',
  notice: '/index/notice',
  map: '/index/map',
  delivery: '/index/zyps',
  // Public pages.
  courseList: '/scourseList',
  courseDetail: '/scourseDetail',
  classDetail: '/classDetails',
  extensionDetail: '/extensionDetails',
  classSignup: '/classSignup',
  extensionSignup: '/extensionSignup',
  createTeam: '/createGroup',
  bindSetting: '/bindSetting',
  teamList: '/addGroupList',
  familyEducation: '/zhuanti/2024/jtjy',
  topicBooks: '/zhuanti/2024/moreBook',
  joinTeam: '/addGroup',
  teamWorkDetail: '/groupWorkDetail',
  contentDetail: '/contentDetails',
  liveDetail: '/liveDetails',
  fengcaiDetail: '/fengcaiDetails',
  showcaseDetail: '/zanshiDetails',
  talkDetail: '/talkDetails',
  teamDetail: '/teamDetails',
  liveList: '/liveList',
  liveCourses: '/liveZzxk',
  channelList: '/channelList',
  login: '/login',
  authPage: '/authPage',
  // Pages that need login.
  nearbyMap: '/curMap',
  ebookList: '/moreEBook',
  ebookDetail: '/ebookDetails',
  ebookContent: '/ebookContent',
  activityList: '/moreActivity',
  activityDetail: '/activityDetails',
  activityApply: '/activityApply',
  messageDetail: '/messageDetails',
  favourites: '/collect',
  history: '/footmark',
  learning: '/learningFile',
  myClasses: '/myClassroom',
  myActivities: '/myActive',
  classStudy: '/classStudy',
  medals: '/medal',
  pointsRecord: '/pointsRecord',
  pointsTasks: '/pointsTask',
  myTeam: '/myTeam',
  teamSettings: '/setTeam',
  teamMembers: '/management',
  teamProgress: '/learningProgress',
  connectCourse: '/connectCourse',
  ranking: '/rankingList',
  accountSettings: '/accountSetting',
  statistics: '/statistics',
  achievement: '/achievement',
  search: '/searchPage',
  searchResult: '/searchResult',
  mapPlace: '/mapDetailsPlace',
  mapSchool: '/mapDetailsSchool',
  mapDetail: '/mapDetails',
  mapCourses: '/mapInfoCourse',
  mapActivities: '/mapInfoAct',
  mapProjects: '/mapInfoProject',
  experienceBases: '/Tiyan',
  humanitiesWalks: '/Rwxz',
  pdf: '/pdf',
  // Beyond the spec's routes: the public check of a certificate's code (学习成就).
  certVerify: '/certVerify',
  // Beyond the spec's routes: a deliverable resource (with its request form) and a request.
  deliveryResource: '/zypsDetails',
  deliveryRequest: '/zypsRequest',
} as const;

export type PathName = keyof typeof paths;
export type PagePath = (typeof paths)[PathName];

/** Query parameters of a link; `undefined` and `null` values are left out. */
export type LinkQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * The address of a page with its query, e.g. `href('courseDetail', { id: 7 })` is
 * `/scourseDetail?id=7`. Identifiers travel as query parameters so every page is deep-linkable.
 */
export function href(name: PathName, query: LinkQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${paths[name]}?${search}` : paths[name];
}
