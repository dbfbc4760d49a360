import type { TeamCard as TeamCardData, TeamJoinMode } from '@portal/contract';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { TeamAvatar } from './team-avatar.tsx';

/** What each join mode is called. */
export const JOIN_MODE_LABELS: Record<TeamJoinMode, string> = {
  open: '直接加入',
  approval: '需负责人审核',
  code: '凭邀请码加入',
};

/** A team in a list: avatar, name, leader, members and how to join; opens the team page. */
export function TeamCardItem({ team, note }: { team: TeamCardData; note?: string }) {
  return (
    <li className="team-card">
      <Link className="team-card-link" to={href('teamDetail', { id: team.id })}>
        <TeamAvatar name={team.name} avatar={team.avatar} />
        <span className="team-card-body">
          <span className="team-card-name">
            {team.name}
            {note ? <span className="team-tag">{note}</span> : null}
          </span>
          <span className="team-card-meta">
            负责人 {team.leaderName} · {team.memberCount}/{team.capacity} 人
          </span>
          <span className="team-card-meta">{JOIN_MODE_LABELS[team.joinMode]}</span>
          {team.intro ? <span className="team-card-intro">{team.intro}</span> : null}
        </span>
      </Link>
    </li>
  );
}
