import type { PagePath } from '@/platform/paths.ts';
// Relative: the build's config (vite-boot-script.ts) imports this file without the `@` alias.
import { rankingPeriodOf, rankingScopeOf } from '../features/teams/lib/ranking-params.ts';

/** A GET the boot script sends for a landing page (a path under `/api`, with its query). */
export interface EarlyRequest {
  path: string;
  /**
   * The answer is the same for every visitor and learner, so it serves the app whatever login
   * it holds by then; otherwise it serves the login it was sent with (or the one a token refresh
   * turned it into).
   */
  shared: boolean;
  /**
   * The images the page shows on its first screen, from the answer's data, its largest paint
   * first: preloaded as soon as they are known, beside the bundle rather than after it.
   */
  images?: (data: never) => readonly (string | null | undefined)[];
  /** How wide the page shows those images (their `<img>`'s `sizes`); the screen's width unless said. */
  imageSizes?: string;
}

/** What the boot script in `index.html` starts for a page the app is opened on. */
export interface Landing {
  /**
   * The page module (`<area>/<name>`, as in the route table): its chunks are preloaded from the
   * HTML, beside the entry's, instead of after the entry has run.
   */
  page: `${string}/${string}`;
  /**
   * Other modules the page loads at once (paths under `src/`, e.g. the sanitizer of a page whose
   * rich text shows with it): their chunks are preloaded with the page's.
   */
  modules?: readonly string[];
  /**
   * The data the page asks for first, from the page's address; each path must be the very one
   * the page's query sends (`landing-data.test.ts` checks), or the answer goes unused.
   */
  data?: (search: URLSearchParams) => readonly EarlyRequest[];
}

/** The rich-text sanitizer (`ui/rich-html.tsx` loads it; detail pages with rich text wait for it). */
const SANITIZER = 'ui/sanitize.ts';

/** `?id=` as the detail pages read it (a positive integer), or null. */
function idOf(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Items on a list's first page (as the lists ask; checked by `landing-data.test.ts`). */
export const FIRST_PAGE = { courses: 20, ebooks: 18, places: 20, teamWorks: 5 } as const;

/**
 * The covers a phone (412 × 823 CSS pixels) shows on a list's first screen: four course cards,
 * or a row and a half of books; on the map page, the first place under the map.
 */
const FIRST_SCREEN = { courses: 4, ebooks: 4, places: 1 } as const;

/**
 * How wide pages show their first images, as their `<img>`s' `sizes` (the contract's
 * `PICTURE_SIZES` and `cardCoverSizes`, written out: the build's config imports this file and
 * cannot load the contract; `landing-data.test.ts` checks they agree).
 */
export const IMAGE_SIZES = {
  wide: '100vw',
  book: '150px',
  /** A course's or a place's card (`ContentCard`'s default box). */
  card: '128px',
  /** A book in the grid of columns. */
  bookCard: '50vw',
} as const;

/** A detail page's one request, with its cover as the first image (shown `imageSizes` wide). */
const detail =
  (path: string, shared: boolean, imageSizes: string = IMAGE_SIZES.wide) =>
  (search: URLSearchParams): EarlyRequest[] => {
    const id = idOf(search);
    if (id === null) return [];
    const images = (data: { cover?: string }) => [data.cover];
    return [{ path: `${path}?id=${id}`, shared, images, imageSizes }];
  };

/** The first picture of an article's body (its largest paint; the cover is not shown). */
const firstBodyImage = (data: { bodyHtml?: string }) => [
  /<img\s[^>]*?src="([^"]+)"/.exec(data.bodyHtml ?? '')?.[1],
];

/** The covers of a list's first `count` items. */
const firstCovers = (count: number) => (data: { list: { cover: string | null }[] }) =>
  data.list.slice(0, count).map((item) => item.cover);

/**
 * A team's page: the team (its picture first), and what its sections ask for as soon as it is
 * there, its places in the rankings, its linked resources and its first works.
 */
function team(search: URLSearchParams): EarlyRequest[] {
  const id = idOf(search);
  if (id === null) return [];
  return [
    {
      path: `/teams/detail?id=${id}`,
      shared: false,
      images: (data: { avatar?: string | null }) => [data.avatar],
    },
    { path: `/rankings/team?teamId=${id}`, shared: true },
    { path: `/team-resources?teamId=${id}`, shared: true },
    // Each work says whether the viewer liked it.
    { path: `/team-works?teamId=${id}&page=1&size=${FIRST_PAGE.teamWorks}`, shared: false },
  ];
}

/** The rankings page: the board its address names (learners this week unless it says). */
const rankings = (search: URLSearchParams): EarlyRequest[] => [
  {
    path: `/rankings?scope=${rankingScopeOf(search.get('scope'))}&period=${rankingPeriodOf(search.get('period'))}`,
    shared: false,
  },
];

/** A list page: its categories, and its first page (with its first screen's covers) when no filter is set. */
const list =
  (categories: string, first: string, covers: number, imageSizes: string) =>
  (search: URLSearchParams): EarlyRequest[] => [
    { path: categories, shared: true },
    ...(search.size === 0
      ? [{ path: first, shared: true, images: firstCovers(covers), imageSizes }]
      : []),
  ];

/**
 * The pages visitors land on (home, and the pages shared links lead to), by page path without
 * the site prefix. (Paths are written out rather than read from `paths`, which would put every
 * path into the boot script; `routes.test.ts` checks each against the route table.)
 */
export const LANDINGS: Readonly<Partial<Record<PagePath, Landing>>> = {
  '/index/home': { page: 'home/home', data: () => [{ path: '/home', shared: true }] },
  '/index/gotoHome': { page: 'home/home', data: () => [{ path: '/home', shared: true }] },
  '/scourseList': {
    page: 'courses/course-list',
    data: list(
      '/courses/categories',
      `/courses?sort=newest&page=1&size=${FIRST_PAGE.courses}`,
      FIRST_SCREEN.courses,
      IMAGE_SIZES.card,
    ),
  },
  '/scourseDetail': {
    page: 'courses/course-detail',
    modules: [SANITIZER],
    data: detail('/courses/detail', true),
  },
  '/activityDetails': {
    page: 'activities/activity-detail',
    modules: [SANITIZER],
    data: detail('/activities/detail', false),
  },
  '/moreEBook': {
    page: 'ebooks/ebook-list',
    data: list(
      '/ebooks/categories',
      `/ebooks?page=1&size=${FIRST_PAGE.ebooks}`,
      FIRST_SCREEN.ebooks,
      IMAGE_SIZES.bookCard,
    ),
  },
  '/ebookDetails': {
    page: 'ebooks/ebook-detail',
    data: detail('/ebooks/detail', false, IMAGE_SIZES.book),
  },
  '/rankingList': { page: 'teams/ranking', data: rankings },
  '/teamDetails': { page: 'teams/team-detail', data: team },
  '/index/map': {
    page: 'map/map',
    // The markers and the list as they are before a search, a category or a position.
    data: () => [
      { path: '/places/markers', shared: true },
      {
        path: `/places?page=1&size=${FIRST_PAGE.places}`,
        shared: true,
        images: firstCovers(FIRST_SCREEN.places),
        imageSizes: IMAGE_SIZES.card,
      },
    ],
  },
  '/contentDetails': {
    page: 'news/article',
    modules: [SANITIZER],
    data: (search) => {
      const id = idOf(search);
      if (id === null) return [];
      return [{ path: `/articles/detail?id=${id}`, shared: false, images: firstBodyImage }];
    },
  },
};
