/** What the team page hands each of its sections: the team and the viewer's role in it. */
export interface TeamSectionProps {
  teamId: number;
  /** The viewer's role; null for a visitor or a learner outside the team. */
  role: 'leader' | 'member' | null;
}
