import { Button } from 'antd-mobile';
import { pagedItems } from '@/platform/queries/paged.ts';
import { LoadFailed, StateView } from '@/ui/state-view.tsx';
import { useTeamWorks } from '../api/get-team-works.ts';
import type { TeamSectionProps } from './team-section-props.ts';
import { TeamWorkCard } from './team-work-card.tsx';
import { TeamWorkComposeButton } from './team-work-compose-button.tsx';
import './team-work.css';

/**
 * The team page's section: the team's works (featured on top, then newest) with a link to each,
 * 查看更多 for older ones and, for members, 发布作品 (the compose sheet; the new work opens).
 */
export function TeamWorksSection({ teamId, role }: TeamSectionProps) {
  const works = useTeamWorks(teamId, 5);
  const { list, total } = pagedItems(works);

  return (
    <section className="team-stack" aria-labelledby="team-works-title">
      <div className="section-head">
        <h2 id="team-works-title" className="panel-title">
          团队作品{total > 0 ? `（${total}）` : ''}
        </h2>
        {role !== null ? (
          <TeamWorkComposeButton teamId={teamId} size="small">
            发布作品
          </TeamWorkComposeButton>
        ) : null}
      </div>
      {works.isPending ? (
        <p className="detail-meta">作品加载中…</p>
      ) : works.isError && list.length === 0 ? (
        <LoadFailed title="作品没有加载出来" onRetry={() => void works.refetch()} />
      ) : list.length === 0 ? (
        <StateView
          kind="empty"
          title="还没有作品"
          description={
            role !== null
              ? '发布第一篇作品，和队友分享学习成果吧。'
              : '团队成员发布的作品会显示在这里。'
          }
        />
      ) : (
        <ul className="card-list team-work-list">
          {list.map((work) => (
            <TeamWorkCard key={work.id} work={work} />
          ))}
        </ul>
      )}
      {works.hasNextPage ? (
        <Button
          block
          fill="outline"
          loading={works.isFetchingNextPage}
          onClick={() => void works.fetchNextPage()}
        >
          查看更多作品
        </Button>
      ) : null}
    </section>
  );
}
