import type { TeamDetail } from '@portal/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { href, paths } from '@/platform/paths.ts';
import { ActionBar, ActionRow } from '@/ui/actions.tsx';
import { Badge } from '@/ui/badge.tsx';
import { DetailPage, useDetailById } from '@/ui/detail-page.tsx';
import { Panel } from '@/ui/panel.tsx';
import { teamDetailQueryOptions } from '../api/get-teams.ts';
import { useJoinTeam, useLeaveTeam } from '../api/team-actions.ts';
import { Avatar } from '../components/avatar.tsx';
import { FormError } from '../components/form-error.tsx';
import { InviteCode } from '../components/invite-code.tsx';
import { JOIN_MODE_LABELS, TeamHead } from '../components/team-card.tsx';
import { TeamRankBadge } from '../components/team-rank-badge.tsx';
import { TeamResourcesSection } from '../components/team-resources-section.tsx';
import { TeamWorksSection } from '../components/team-works-section.tsx';
import '../teams.css';

/** 加入团队 / 申请加入 / 凭邀请码加入 for a learner outside the team; the login check first. */
function JoinAction({ team }: { team: TeamDetail }) {
  const join = useJoinTeam();
  if (team.myState === 'pending') return <ActionBar note="已提交申请，等待负责人审核" />;
  if (team.memberCount >= team.capacity) return <ActionBar note="团队成员已满" />;
  if (team.joinMode !== 'open') {
    return (
      <ActionBar>
        <Link className="link-button primary block" to={href('joinTeam', { id: team.id })}>
          {team.joinMode === 'code' ? '凭邀请码加入' : '申请加入'}
        </Link>
      </ActionBar>
    );
  }
  const handleJoin = async () => {
    if (!(await loginCheck())) return;
    join.mutate({ teamId: team.id });
  };
  return (
    <ActionBar>
      <Button block color="primary" size="large" loading={join.isPending} onClick={handleJoin}>
        加入团队
      </Button>
      <FormError error={join.error} />
    </ActionBar>
  );
}

/** 退出团队, asked twice. */
function LeaveAction({ team }: { team: TeamDetail }) {
  const leave = useLeaveTeam();
  const [confirming, setConfirming] = useState(false);
  return (
    <ActionBar note="您是团队成员">
      {confirming ? (
        <ActionRow>
          <Button
            color="danger"
            loading={leave.isPending}
            onClick={() => leave.mutate(team.id, { onSuccess: () => setConfirming(false) })}
          >
            确认退出团队
          </Button>
          <button type="button" className="text-button" onClick={() => setConfirming(false)}>
            不退出了
          </button>
        </ActionRow>
      ) : (
        <Button onClick={() => setConfirming(true)}>退出团队</Button>
      )}
      <FormError error={leave.error} />
    </ActionBar>
  );
}

/** The leader's ways: members and requests, settings, linked resources, progress. */
function LeaderLinks({ team }: { team: TeamDetail }) {
  const links = [
    { to: href('teamMembers', { id: team.id }), label: '成员管理', badge: team.pendingRequests },
    { to: href('teamSettings', { id: team.id }), label: '团队设置', badge: 0 },
    { to: href('connectCourse', { id: team.id }), label: '关联资源', badge: 0 },
    { to: href('teamProgress', { id: team.id }), label: '学习进度', badge: 0 },
  ];
  return (
    <Panel label="负责人管理" stack>
      <h2 className="panel-title">我是负责人</h2>
      {team.inviteCode ? (
        <InviteCode label="邀请码 " code={team.inviteCode} expiresAt={team.inviteExpiresAt} />
      ) : null}
      <nav className="team-leader-links">
        {links.map((link) => (
          <Link key={link.label} className="link-button" to={link.to}>
            {link.label}
            {link.badge > 0 ? (
              <Badge tone="red" solid>
                {link.badge}
                <span className="sr-only"> 条待审核申请</span>
              </Badge>
            ) : null}
          </Link>
        ))}
      </nav>
      <p className="detail-meta">负责人如需退出，请先在成员管理中移交负责人</p>
    </Panel>
  );
}

/** `/teamDetails?id=`: a team, its members, linked resources, works and rank, with join or leave. */
export function TeamDetailPage() {
  const detail = useDetailById(teamDetailQueryOptions);
  return (
    <DetailPage
      detail={detail}
      missing={{
        what: '团队',
        description: '团队可能已解散，看看其他团队吧。',
        way: { to: paths.teamList, label: '浏览团队' },
      }}
      title={(team) => team.name}
    >
      {(team) => {
        const role = team.myState === 'leader' || team.myState === 'member' ? team.myState : null;
        return (
          <main className="page-body team-stack">
            <TeamHead
              team={team}
              size={72}
              lines={[
                `负责人 ${team.members.find((m) => m.isLeader)?.nickname ?? team.leaderName}`,
                `成员 ${team.memberCount}/${team.capacity} 人 · ${JOIN_MODE_LABELS[team.joinMode]}`,
                `创建于 ${formatDate(team.createdAt)}`,
              ]}
            />
            {team.intro ? (
              <Panel title="团队简介">
                <p className="team-intro">{team.intro}</p>
              </Panel>
            ) : null}
            <TeamRankBadge teamId={team.id} role={role} />
            <Panel label="团队成员">
              <h2 className="panel-title">团队成员（{team.memberCount}）</h2>
              <ul className="team-members-strip">
                {team.members.map((member) => (
                  <li key={member.userId}>
                    <Avatar team name={member.nickname} src={member.avatar} size={48} />
                    <span>{member.nickname}</span>
                    {member.isLeader ? <Badge>负责人</Badge> : null}
                  </li>
                ))}
              </ul>
            </Panel>
            <TeamResourcesSection teamId={team.id} role={role} />
            <TeamWorksSection teamId={team.id} role={role} />
            {team.myState === 'leader' ? (
              <LeaderLinks team={team} />
            ) : team.myState === 'member' ? (
              <LeaveAction team={team} />
            ) : (
              <JoinAction team={team} />
            )}
          </main>
        );
      }}
    </DetailPage>
  );
}
