import type { TeamDetail, TeamMember, TeamRequest } from '@portal/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { Badge } from '@/ui/badge.tsx';
import { CardLine } from '@/ui/content-card.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { useTeamMembers, useTeamRequests } from '../api/get-teams.ts';
import { useDecideRequest, useHandOver, useRemoveMember } from '../api/team-actions.ts';
import { Avatar } from '../components/avatar.tsx';
import { FormError } from '../components/form-error.tsx';
import { LeaderGate } from '../components/leader-gate.tsx';
import '../teams.css';

function RequestItem({ request }: { request: TeamRequest }) {
  const decide = useDecideRequest();
  const answer = (approve: boolean) => decide.mutate({ requestId: request.id, approve });
  return (
    <li className="team-row">
      <Avatar team name={request.nickname} src={request.avatar} size={44} />
      <div className="team-row-body">
        <strong>{request.nickname}</strong>
        <CardLine>申请于 {formatDate(request.createdAt, 'MM-dd hh:mm')}</CardLine>
        {request.message ? <CardLine>留言：{request.message}</CardLine> : null}
        <ActionRow>
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
        </ActionRow>
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
      <Avatar team name={member.nickname} src={member.avatar} size={44} />
      <div className="team-row-body">
        <strong>
          {member.nickname} {member.isLeader ? <Badge>负责人</Badge> : null}
        </strong>
        <CardLine>加入于 {formatDate(member.joinedAt)}</CardLine>
        {member.isLeader ? null : asking ? (
          <ActionRow>
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
          </ActionRow>
        ) : (
          <ActionRow>
            <Button size="middle" onClick={() => setAsking('remove')}>
              移除
            </Button>
            <Button size="middle" onClick={() => setAsking('handOver')}>
              设为负责人
            </Button>
          </ActionRow>
        )}
        {asking === 'handOver' ? (
          <p className="detail-meta">移交后您仍是团队成员，但不能再管理团队。</p>
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
      <h2 className="panel-title">{team.name}</h2>
      <Panel title={`入队申请（${team.pendingRequests}）`}>
        <PagedList query={requests} empty={<p className="detail-meta">暂时没有待审核的申请。</p>}>
          {(request) => <RequestItem key={request.id} request={request} />}
        </PagedList>
      </Panel>
      <Panel title={`团队成员（${team.memberCount}/${team.capacity}）`}>
        <PagedList query={members} empty={<p className="detail-meta">团队还没有其他成员。</p>}>
          {(member) => <MemberItem key={member.userId} team={team} member={member} />}
        </PagedList>
      </Panel>
    </>
  );
}

/** `/management?id=` (leader only): requests to approve or refuse, members to remove, hand over. */
export function TeamMembersPage() {
  return <LeaderGate>{(team) => <Management team={team} />}</LeaderGate>;
}
