import type { TeamCard } from '@portal/contract';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { Callout } from '@/ui/callout.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { useMyTeams } from '../api/get-teams.ts';
import { QueryFallback } from '../components/query-fallback.tsx';
import { TeamCardItem } from '../components/team-card.tsx';
import '../teams.css';

function TeamGroup({
  title,
  teams,
  note,
  empty,
}: {
  title: string;
  teams: TeamCard[];
  note?: string;
  empty: string;
}) {
  return (
    <section aria-label={title}>
      <h2 className="panel-title">
        {title}（{teams.length}）
      </h2>
      {teams.length > 0 ? (
        <ul className="card-list">
          {teams.map((team) => (
            <TeamCardItem key={team.id} team={team} note={note} />
          ))}
        </ul>
      ) : (
        <p className="detail-meta">{empty}</p>
      )}
    </section>
  );
}

/** `/myTeam`: the teams I lead and the teams I am in, with the ways to create and browse. */
export function MyTeamPage() {
  const mine = useMyTeams();
  const data = mine.data;
  const atLimit = data ? data.leading.length >= data.leadLimit : false;
  return (
    <>
      <PageHeader />
      <main className="page-body team-stack">
        <div className="action-row team-shortcuts">
          <Link className="link-button" to={paths.teamList}>
            浏览团队
          </Link>
          <Link className="link-button" to={paths.joinTeam}>
            邀请码加入
          </Link>
          {atLimit ? null : (
            <Link className="link-button primary" to={paths.createTeam}>
              创建团队
            </Link>
          )}
        </div>
        {data ? (
          <>
            {atLimit ? (
              <Callout tone="warning">
                您已负责 {data.leadLimit} 个团队，达到上限，暂不能再创建。
              </Callout>
            ) : null}
            <TeamGroup
              title="我负责的团队"
              teams={data.leading}
              note="负责人"
              empty="还没有负责的团队，可以创建一个，邀请大家一起学。"
            />
            <TeamGroup
              title="我加入的团队"
              teams={data.joined}
              empty="还没有加入团队，去浏览团队看看吧。"
            />
          </>
        ) : (
          <QueryFallback query={mine} what="我的团队" />
        )}
      </main>
    </>
  );
}
