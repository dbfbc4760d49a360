import type { RankingPeriod } from '@portal/contract';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { Fact, FactNote, Facts } from '@/ui/facts.tsx';
import { Panel } from '@/ui/panel.tsx';
import { useTeamRank } from '../api/get-ranking.ts';
import type { TeamSectionProps } from './team-section-props.ts';

const PERIOD_LABELS: Record<RankingPeriod, string> = { week: '本周', month: '本月', all: '总榜' };

/**
 * The team page's section: the team's place this week, this month and in all (by its members'
 * points), linking to the team ranking. Optional: it shows nothing when it cannot load.
 */
export function TeamRankBadge({ teamId }: TeamSectionProps) {
  const rank = useTeamRank(teamId);
  if (!rank.data) return null;
  return (
    <Panel title="团队排名" stack>
      <Facts look="figures">
        {rank.data.places.map((place) => (
          <Fact key={place.period} label={PERIOD_LABELS[place.period]}>
            <span className="text-accent">
              {place.rank === null ? '未上榜' : `第 ${place.rank} 名`}
            </span>
            <FactNote>{place.points} 分</FactNote>
          </Fact>
        ))}
      </Facts>
      <Link className="link-button block" to={href('ranking', { scope: 'team', period: 'week' })}>
        查看团队排行榜
      </Link>
    </Panel>
  );
}
