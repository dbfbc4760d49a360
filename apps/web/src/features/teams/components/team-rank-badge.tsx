import type { TeamSectionProps } from './team-section-props.ts';

/**
 * The team page's section: the team's place in the ranking this week, linking to the ranking list.
 * Not built yet: it renders nothing until its area lands.
 */
export function TeamRankBadge(_props: TeamSectionProps) {
  return null;
}
