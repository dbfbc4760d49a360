import type { RankingPeriod } from '@portal/contract';
import { RANKING_PERIODS } from '@portal/contract/constants';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { Fact, FactNote, Facts } from '@/ui/facts.tsx';
import { Panel } from '@/ui/panel.tsx';
import { useTeamRank } from '../api/get-ranking.ts';
import type { TeamSectionProps } from './team-section-props.ts';

const PERIOD_LABELS: Record<RankingPeriod, string> = { week: '本周', month: '本月', all: '总榜' };

/**
 * The team page's section: the team's place this week, this month and in all (by its members'
 * points), linking to the team ranking. Optional: it shows nothing when it cannot load. While
 * it loads, its frame holds the place it will take (the sections under it do not jump).
 */
export function TeamRankBadge({ teamId }: TeamSectionProps) {
  const rank = useTeamRank(teamId);
  if (!rank.data && !rank.isPending) return null;
  const places = rank.data?.places ?? null;
  return (
    <Panel title="团队排名" stack>
      <Facts look="figures">
        {places
          ? places.map((place) => (
              <Fact key={place.period} label={PERIOD_LABELS[place.period]}>
                <span className="text-accent">
                  {place.rank === null ? '未上榜' : `第 ${place.rank} 名`}
                </span>
                <FactNote>{place.points} 分</FactNote>
              </Fact>
            ))
          : RANKING_PERIODS.map((period) => (
              <Fact key={period} label={PERIOD_LABELS[period]}>
                <span className="text-accent" role="status" aria-label="加载中">
                  …
                </span>
                <FactNote>&nbsp;</FactNote>
              </Fact>
            ))}
      </Facts>
      <Link className="link-button block" to={href('ranking', { scope: 'team', period: 'week' })}>
        查看团队排行榜
      </Link>
    </Panel>
  );
}
