import { Link, useNavigate } from 'react-router';
import { loginCheck } from '@/platform/login-check.ts';
import { href, paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { useCreateTeam } from '../api/team-actions.ts';
import { NEW_TEAM, TeamForm } from '../components/team-form.tsx';
import '../teams.css';

/** `/createGroup`: a new team led by me (visitors fill it in and log in on 创建). */
export function CreateTeamPage() {
  const create = useCreateTeam();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader />
      <main className="page-body team-stack">
        <Panel title="创建学习团队" stack>
          <p className="detail-meta">
            创建后您就是团队负责人，可以邀请邻居、同学一起学习。每人最多负责 3 个团队。
          </p>
          <TeamForm
            initial={NEW_TEAM}
            submitLabel="创建团队"
            pending={create.isPending}
            error={create.error}
            onSubmit={async (body) => {
              if (!(await loginCheck())) return;
              create.mutate(body, {
                onSuccess: (team) =>
                  void navigate(href('teamDetail', { id: team.id }), { replace: true }),
              });
            }}
          />
        </Panel>
        <Link className="link-button block" to={paths.teamList}>
          先看看已有的团队
        </Link>
      </main>
    </>
  );
}
