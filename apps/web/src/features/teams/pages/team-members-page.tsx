import type { TeamDetail, TeamMember, TeamRequest } from '@portal/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { PagedList } from '@/ui/paged-list.tsx';
import { useTeamMembers, useTeamRequests } from '../api/get-teams.ts';
import { useDecideRequest, useHandOver, useRemoveMember } from '../api/team-actions.ts';
import { FormError } from '../components/form-error.tsx';
import { LeaderGate } from '../components/leader-gate.tsx';
import { TeamAvatar } from '../components/team-avatar.tsx';
import '../teams.css';

function RequestItem({ request }: { request: TeamRequest }) {
  const decide = useDecideRequest();
  const answer = (approve: boolean) => decide.mutate({ requestId: request.id, approve });
  return (
    <li className="team-row">
      <TeamAvatar name={request.nickname} avatar={request.avatar} size={44} />
      <div className="team-row-body">
        <span className="team-row-name">{request.nickname}</span>
        <span className="team-card-meta">
          申请于 {formatDate(request.createdAt, 'MM-dd hh:mm')}
        </span>
        {request.message ? <span className="team-card-intro">留言：{request.message}</span> : null}
        <div className="team-row-actions">
          <Button
            size="middle"
            color="primary"
            loading={decide.isPending && decide.variables?.approve === true}
            disabled={decide.isPending}
            onClick={() => answer(true)}
          >
            通过
          </Button>
          <Button
            size="middle"
            loading={decide.isPending && decide.variables?.approve === false}
            disabled={decide.isPending}
            onClick={() => answer(false)}
          >
            拒绝
          </Button>
        </div>
        <FormError error={decide.error} />
      </div>
    </li>
  );
}

type Pending = 'remove' | 'handOver' | null;

function MemberItem({ team, member }: { team: TeamDetail; member: TeamMember }) {
  const remove = useRemoveMember();
  const handOver = useHandOver();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Pending>(null);
  const body = { teamId: team.id, userId: member.userId };
  const handleConfirm = () => {
    if (asking === 'remove') remove.mutate(body, { onSuccess: () => setAsking(null) });
    if (asking === 'handOver') {
      // Async: the page gives way to the 仅负责人 state as the team refreshes, before a callback.
      handOver
        .mutateAsync(body)
        .then(() => navigate(href('teamDetail', { id: team.id }), { replace: true }))
        .catch(() => {});
    }
  };
  return (
    <li className="team-row">
      <TeamAvatar name={member.nickname} avatar={member.avatar} size={44} />
      <div className="team-row-body">
        <span className="team-row-name">
          {member.nickname}
          {member.isLeader ? <span className="team-tag">负责人</span> : null}
        </span>
        <span className="team-card-meta">加入于 {formatDate(member.joinedAt)}</span>
        {member.isLeader ? null : asking ? (
          <div className="team-row-actions">
            <Button
              size="middle"
              color="danger"
              loading={remove.isPending || handOver.isPending}
              onClick={handleConfirm}
            >
              {asking === 'remove' ? `确认移除${member.nickname}` : `确认移交给${member.nickname}`}
            </Button>
            <button type="button" className="text-button" onClick={() => setAsking(null)}>
              取消
            </button>
          </div>
        ) : (
          <div className="team-row-actions">
            <Button size="middle" onClick={() => setAsking('remove')}>
              移除
            </Button>
            <Button size="middle" onClick={() => setAsking('handOver')}>
              设为负责人
            </Button>
          </div>
        )}
        {asking === 'handOver' ? (
          <p className="team-hint">移交后您仍是团队成员，但不能再管理团队。</p>
        ) : null}
        <FormError error={remove.error ?? handOver.error} />
      </div>
    </li>
  );
}

function Management({ team }: { team: TeamDetail }) {
  const requests = useTeamRequests(team.id, true);
  const members = useTeamMembers(team.id);
  return (
    <>
      <h2 className="team-panel-title">{team.name}</h2>
      <section className="team-panel" aria-label="入队申请">
        <h2 className="team-panel-title">入队申请（{team.pendingRequests}）</h2>
        <PagedList
          query={requests}
          className="team-rows"
          empty={<p className="team-muted">暂时没有待审核的申请。</p>}
        >
          {(request) => <RequestItem key={request.id} request={request} />}
        </PagedList>
      </section>
      <section className="team-panel" aria-label="团队成员">
        <h2 className="team-panel-title">
          团队成员（{team.memberCount}/{team.capacity}）
        </h2>
        <PagedList
          query={members}
          className="team-rows"
          empty={<p className="team-muted">团队还没有其他成员。</p>}
        >
          {(member) => <MemberItem key={member.userId} team={team} member={member} />}
        </PagedList>
      </section>
    </>
  );
}

/** `/management?id=` (leader only): requests to approve or refuse, members to remove, hand over. */
export function TeamMembersPage() {
  return <LeaderGate>{(team) => <Management team={team} />}</LeaderGate>;
}
