import type { TeamCard as TeamCardData, TeamDetail, TeamJoinMode } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';
import { CardLine } from '@/ui/content-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { PageState } from '@/ui/state-view.tsx';
import { Avatar } from './avatar.tsx';

/** What each join mode is called. */
export const JOIN_MODE_LABELS: Record<TeamJoinMode, string> = {
  open: '直接加入',
  approval: '需负责人审核',
  code: '凭邀请码加入',
};

/** A team in a list: avatar, name, leader, members and how to join; opens the team page. */
export function TeamCardItem({ team, note }: { team: TeamCardData; note?: string }) {
  return (
    <li>
      <Link className="content-card boxed team-card" to={href('teamDetail', { id: team.id })}>
        <Avatar team name={team.name} src={team.avatar} size={56} />
        <span className="content-card-body">
          <span className="content-card-title">
            {team.name} {note ? <Badge>{note}</Badge> : null}
          </span>
          <CardLine>
            负责人 {team.leaderName} · {team.memberCount}/{team.capacity} 人
          </CardLine>
          <CardLine>{JOIN_MODE_LABELS[team.joinMode]}</CardLine>
          {team.intro ? <CardLine className="team-card-intro">{team.intro}</CardLine> : null}
        </span>
      </Link>
    </li>
  );
}

/** The top of a team's page: its avatar, name and the `lines` about it. */
export function TeamHead({
  team,
  size,
  lines,
}: {
  team: TeamDetail;
  size: number;
  lines: readonly ReactNode[];
}) {
  return (
    <Panel className="team-head">
      <Avatar team name={team.name} src={team.avatar} size={size} priority />
      <div>
        <h2 className="detail-title">{team.name}</h2>
        {lines.map((line, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines, never reordered
          <p key={n} className="detail-meta">
            {line}
          </p>
        ))}
      </div>
    </Panel>
  );
}

/** A team page opened without a team's id. */
export function NoTeamPage() {
  return (
    <>
      <PageHeader />
      <PageState kind="missing" title="团队不存在" way={{ to: paths.myTeam, label: '我的团队' }} />
    </>
  );
}
