import type { PagePath } from '@/platform/paths.ts';
import { paths } from '@/platform/paths.ts';

/**
 * The routes whose content area is not built yet: each shows the shared 建设中 page. The area
 * issues build the pages and take their routes off this list; a unit test keeps it and the route
 * table in step (a route has a page exactly when it is not listed here).
 */
export const underConstruction: readonly PagePath[] = [
  paths.delivery,
  paths.experienceBases,
  paths.humanitiesWalks,
];
