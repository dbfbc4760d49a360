import type { TeamDetail } from '@portal/contract';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { Callout } from '@/ui/callout.tsx';
import { Panel } from '@/ui/panel.tsx';
import { useDissolveTeam, useNewInviteCode, useUpdateTeam } from '../api/team-actions.ts';
import { FormError } from '../components/form-error.tsx';
import { InviteCode } from '../components/invite-code.tsx';
import { LeaderGate } from '../components/leader-gate.tsx';
import { TeamForm } from '../components/team-form.tsx';
import '@/ui/signup-fields.css';
import '../teams.css';

function InviteCodeSection({ team }: { team: TeamDetail }) {
  const renew = useNewInviteCode();
  return (
    <Panel title="邀请码" stack>
      <InviteCode code={team.inviteCode} expiresAt={team.inviteExpiresAt} />
      <p className="detail-meta">把邀请码告诉想加入的人；重新生成后，旧的邀请码立即失效。</p>
      <Button block loading={renew.isPending} onClick={() => renew.mutate(team.id)}>
        重新生成邀请码
      </Button>
      {renew.isSuccess ? (
        <p className="text-ok" role="status">
          已生成新的邀请码
        </p>
      ) : null}
      <FormError error={renew.error} />
    </Panel>
  );
}

function DissolveSection({ team }: { team: TeamDetail }) {
  const dissolve = useDissolveTeam();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Async: the page gives way to the missing state as the team refreshes, before a callback.
    dissolve
      .mutateAsync({ teamId: team.id, confirmName: typed.trim() })
      .then(() => navigate(paths.myTeam, { replace: true }))
      .catch(() => {});
  };
  return (
    <Panel title="解散团队" stack>
      <Callout tone="danger">
        解散后团队从列表中消失，所有成员会收到消息，且不能恢复。请输入团队名称“{team.name}”确认。
      </Callout>
      <form className="team-form" onSubmit={handleSubmit} noValidate>
        <div className="signup-field">
          <label htmlFor="team-dissolve">输入团队名称确认</label>
          <input
            id="team-dissolve"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <FormError error={dissolve.error} />
        <Button
          block
          color="danger"
          type="submit"
          disabled={typed.trim() !== team.name}
          loading={dissolve.isPending}
        >
          解散团队
        </Button>
      </form>
    </Panel>
  );
}

function Settings({ team }: { team: TeamDetail }) {
  const update = useUpdateTeam();
  return (
    <>
      <Panel title="团队资料" stack>
        <TeamForm
          initial={team}
          submitLabel="保存设置"
          pending={update.isPending}
          error={update.error}
          onSubmit={(body) => update.mutate({ teamId: team.id, ...body })}
        />
        {update.isSuccess ? (
          <p className="text-ok" role="status">
            设置已保存
          </p>
        ) : null}
      </Panel>
      <InviteCodeSection team={team} />
      <DissolveSection team={team} />
    </>
  );
}

/** `/setTeam?id=` (leader only): edit the team, renew its invitation code, dissolve it. */
export function TeamSettingsPage() {
  // Keyed by the team: the form takes the saved values once and keeps what is typed after.
  return <LeaderGate>{(team) => <Settings key={team.id} team={team} />}</LeaderGate>;
}
