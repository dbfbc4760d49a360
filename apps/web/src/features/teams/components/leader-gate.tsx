import type { TeamDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { href, paths } from '@/platform/paths.ts';
import { DetailState, useDetailById } from '@/ui/detail-page.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { teamDetailQueryOptions } from '../api/get-teams.ts';

const MISSING = {
  what: '团队',
  description: '团队可能已解散，看看其他团队吧。',
  way: { to: paths.myTeam, label: '我的团队' },
};

/**
 * A leader's page of the team named by `?id=`: its designed missing, loading or error state, a
 * clear 仅负责人 state for anyone else (the server refuses them too), else the page.
 */
export function LeaderGate({ children }: { children: (team: TeamDetail) => ReactNode }) {
  const detail = useDetailById(teamDetailQueryOptions);
  const team = detail.data;
  return (
    <>
      <PageHeader />
      <main className="page-body team-stack">
        {detail.status !== 'ready' ? (
          <DetailState detail={detail} missing={MISSING} />
        ) : team && team.myState !== 'leader' ? (
          <StateView
            kind="missing"
            title="只有团队负责人可以管理团队"
            description={`您不是「${team.name}」的负责人，可以回到团队页查看团队。`}
            way={{ to: href('teamDetail', { id: team.id }), label: '回到团队' }}
          />
        ) : team ? (
          children(team)
        ) : null}
      </main>
    </>
  );
}
