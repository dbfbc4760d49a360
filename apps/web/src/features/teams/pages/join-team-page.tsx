import type { TeamDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { href, paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { teamDetailQueryOptions } from '../api/get-teams.ts';
import { useJoinByCode, useJoinTeam } from '../api/team-actions.ts';
import { FormError } from '../components/form-error.tsx';
import { JOIN_MODE_LABELS, TeamHead } from '../components/team-card.tsx';
import '@/ui/signup-fields.css';
import '../teams.css';

/** 凭邀请码加入: the code the leader shared (letters and digits, any case). */
function CodeForm() {
  const join = useJoinByCode();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!/^[A-Z0-9]{6,12}$/.test(typed)) {
      setProblem('请输入 6 到 12 位字母或数字的邀请码');
      return;
    }
    setProblem(null);
    if (!(await loginCheck())) return;
    join.mutate(typed, {
      onSuccess: (result) => void navigate(href('teamDetail', { id: result.teamId })),
    });
  };
  return (
    <form className="team-form" onSubmit={handleSubmit} noValidate>
      <div className="signup-field">
        <label htmlFor="team-code">邀请码</label>
        <input
          id="team-code"
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="请输入负责人给您的邀请码"
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        {problem ? <p className="signup-error">{problem}</p> : null}
      </div>
      <FormError error={join.error} />
      <Button block color="primary" size="large" type="submit" loading={join.isPending}>
        凭邀请码加入
      </Button>
    </form>
  );
}

/** 申请加入 an approval team, with an optional note to the leader. */
function RequestForm({ team }: { team: TeamDetail }) {
  const join = useJoinTeam();
  const [message, setMessage] = useState('');
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await loginCheck())) return;
    join.mutate({ teamId: team.id, message: message.trim() });
  };
  if (join.isSuccess || team.myState === 'pending') {
    return (
      <p className="text-ok" role="status">
        申请已提交，负责人审核后会通过消息通知您。
      </p>
    );
  }
  return (
    <form className="team-form" onSubmit={handleSubmit} noValidate>
      <div className="signup-field">
        <label htmlFor="team-request">给负责人的留言（选填）</label>
        <textarea
          id="team-request"
          rows={2}
          maxLength={100}
          value={message}
          placeholder="例如：我住在附近，想一起学习"
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <FormError error={join.error} />
      <Button block color="primary" size="large" type="submit" loading={join.isPending}>
        发送申请
      </Button>
    </form>
  );
}

/** `/addGroup`: join a team by its invitation code, or ask to join the team of `?id=`. */
export function JoinTeamPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const team = useQuery({ ...teamDetailQueryOptions(id ?? 0), enabled: id !== null }).data;
  const member = team?.myState === 'member' || team?.myState === 'leader';
  return (
    <>
      <PageHeader />
      <main className="page-body team-stack">
        {team ? (
          <TeamHead
            team={team}
            size={56}
            lines={[
              `成员 ${team.memberCount}/${team.capacity} 人 · ${JOIN_MODE_LABELS[team.joinMode]}`,
            ]}
          />
        ) : null}
        {member && team ? (
          <Panel stack>
            <p className="text-ok">您已是该团队成员。</p>
            <Link className="link-button primary block" to={href('teamDetail', { id: team.id })}>
              回到团队
            </Link>
          </Panel>
        ) : team?.joinMode === 'approval' ? (
          <Panel title="申请加入" stack>
            <RequestForm team={team} />
          </Panel>
        ) : (
          <Panel title="凭邀请码加入团队" stack>
            <p className="detail-meta">邀请码由团队负责人提供，在团队页可以看到。</p>
            <CodeForm />
          </Panel>
        )}
        <Link className="link-button block" to={paths.teamList}>
          没有邀请码？浏览团队
        </Link>
      </main>
    </>
  );
}
