import type { TeamSectionProps } from './team-section-props.ts';

/**
 * The team page's section: the courses, classes, activities and e-books linked to the team, with 关联资源 and 学习进度 links.
 * Not built yet: it renders nothing until its area lands.
 */
export function TeamResourcesSection(_props: TeamSectionProps) {
  return null;
}
