import type { TeamSectionProps } from './team-section-props.ts';

/**
 * The team page's section: the team's works (latest first, featured on top) with a link to each and, for members, 发布作品.
 * Not built yet: it renders nothing until its area lands.
 */
export function TeamWorksSection(_props: TeamSectionProps) {
  return null;
}
