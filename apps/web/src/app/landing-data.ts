import type { PagePath } from '@/platform/paths.ts';

/** What the boot script in `index.html` starts for a page the app is opened on. */
export interface Landing {
  /**
   * The page module (`<area>/<name>`, as in the route table): its chunks are preloaded from the
   * HTML, beside the entry's, instead of after the entry has run.
   */
  page: `${string}/${string}`;
  /**
   * The public data it asks for first, requested before the bundle arrives and picked up by the
   * page's query (`platform/early-answers.ts`). Only answers that are the same for every visitor
   * belong here: they are requested with whatever token was stored, before it is refreshed.
   */
  data?: readonly string[];
}

/**
 * The pages visitors land on (home, and the pages shared links lead to), by page path without
 * the site prefix. (Paths are written out rather than read from `paths`, which would put every
 * path into the boot script; `routes.test.ts` checks each against the route table.)
 */
export const LANDINGS: Readonly<Partial<Record<PagePath, Landing>>> = {
  '/index/home': { page: 'home/home', data: ['/home'] },
  '/index/gotoHome': { page: 'home/home', data: ['/home'] },
  '/scourseList': { page: 'courses/course-list' },
  '/scourseDetail': { page: 'courses/course-detail' },
  '/activityDetails': { page: 'activities/activity-detail' },
  '/moreEBook': { page: 'ebooks/ebook-list' },
  '/ebookDetails': { page: 'ebooks/ebook-detail' },
};
