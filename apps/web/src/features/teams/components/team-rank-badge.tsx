import type { RankingPeriod } from '@portal/contract';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { useTeamRank } from '../api/get-ranking.ts';
import '../rankings.css';
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
    <section className="team-rank-badge" aria-labelledby="team-rank-title">
      <h2 id="team-rank-title">团队排名</h2>
      <ul className="team-rank-places">
        {rank.data.places.map((place) => (
          <li key={place.period}>
            <strong>{place.rank === null ? '未上榜' : `第 ${place.rank} 名`}</strong>
            <span>
              {PERIOD_LABELS[place.period]} · {place.points} 分
            </span>
          </li>
        ))}
      </ul>
      <Link className="link-button block" to={href('ranking', { scope: 'team', period: 'week' })}>
        查看团队排行榜
      </Link>
    </section>
  );
}
