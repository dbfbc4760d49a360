import type {
  Ranking,
  RankingEntry,
  RankingPeriod,
  RankingPlace,
  RankingScope,
} from '@portal/contract';
import { RANKING_PERIODS, RANKING_SCOPES } from '@portal/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { RetryButton, StateView } from '@/ui/state-view.tsx';
import '@/ui/chips.css';
import { useRanking } from '../api/get-ranking.ts';
import { Avatar } from '../components/rank-avatar.tsx';
import '../rankings.css';
import '@/ui/tabs.css';

const SCOPE_LABELS: Record<RankingScope, string> = { learner: '学员', team: '团队' };
const PERIOD_LABELS: Record<RankingPeriod, string> = { week: '本周', month: '本月', all: '总榜' };

const scopeOf = (value: string | null): RankingScope => (value === 'team' ? 'team' : 'learner');
const periodOf = (value: string | null): RankingPeriod =>
  value === 'month' || value === 'all' ? value : 'week';

function RankNumber({ rank }: { rank: number | null }) {
  const top = rank !== null && rank <= 3 ? ` top${rank}` : '';
  return <span className={`rank-number${top}`}>{rank ?? '-'}</span>;
}

function RankRow({
  entry,
  scope,
  mine,
}: {
  entry: RankingEntry;
  scope: RankingScope;
  mine: boolean;
}) {
  const content = (
    <>
      <RankNumber rank={entry.rank} />
      <Avatar name={entry.name} src={entry.avatar} />
      <span className="rank-name">
        {entry.name}
        {mine ? (
          <span className="rank-me">{scope === 'team' ? '（我的团队）' : '（我）'}</span>
        ) : null}
      </span>
      <span className="rank-points">
        <strong>{entry.points}</strong> 分
      </span>
    </>
  );
  return (
    <li className={mine ? 'rank-row is-mine' : 'rank-row'}>
      {scope === 'team' ? (
        <Link className="rank-row-link" to={href('teamDetail', { id: entry.id })}>
          {content}
        </Link>
      ) : (
        <div className="rank-row-link">{content}</div>
      )}
    </li>
  );
}

function placeText(place: RankingPlace, period: RankingPeriod) {
  if (place.rank === null) return `${PERIOD_LABELS[period]}还没有积分，暂未上榜`;
  return `第 ${place.rank} 名 · ${place.points} 分`;
}

/** My place (学员) or my teams' places (团队), pinned under the list. */
function MyPlaces({ ranking }: { ranking: Ranking }) {
  if (ranking.scope === 'learner') {
    if (!ranking.mine) return null;
    return (
      <section className="rank-mine" aria-label="我的名次">
        <p className="rank-mine-title">我的名次</p>
        <p className="rank-mine-text">{placeText(ranking.mine, ranking.period)}</p>
        {ranking.mine.rank === null ? (
          <Link className="link-button primary" to={paths.pointsTasks}>
            去赚积分
          </Link>
        ) : null}
      </section>
    );
  }
  if (ranking.mine === null) return null;
  if (ranking.myTeams.length === 0) {
    return (
      <section className="rank-mine" aria-label="我的团队名次">
        <p className="rank-mine-title">我的团队</p>
        <p className="rank-mine-text">还没有加入学习团队</p>
        <Link className="link-button primary" to={paths.teamList}>
          去加入团队
        </Link>
      </section>
    );
  }
  return (
    <section className="rank-mine" aria-label="我的团队名次">
      <p className="rank-mine-title">我的团队</p>
      <ul className="rank-mine-teams">
        {ranking.myTeams.map((team) => (
          <li key={team.id}>
            <Link to={href('teamDetail', { id: team.id })}>
              <span className="rank-name">{team.name}</span>
              <span className="rank-mine-text">{placeText(team, ranking.period)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RankingBody({ scope, period }: { scope: RankingScope; period: RankingPeriod }) {
  const ranking = useRanking(scope, period);
  if (ranking.data) {
    const { data } = ranking;
    const who = scope === 'learner' ? '人' : '个团队';
    return (
      <>
        <p className="rank-range">
          {data.range} · 共 {data.ranked} {who}上榜
        </p>
        {data.list.length === 0 ? (
          <StateView
            kind="empty"
            title={`${PERIOD_LABELS[period]}还没有${scope === 'learner' ? '学员' : '团队'}获得积分`}
            description="每日登录、学习课程、参加活动都能获得积分。"
          />
        ) : (
          <ol
            className="rank-list"
            aria-label={`${SCOPE_LABELS[scope]}${PERIOD_LABELS[period]}排名`}
          >
            {data.list.map((entry) => (
              <RankRow
                key={entry.id}
                entry={entry}
                scope={scope}
                mine={
                  scope === 'learner'
                    ? entry.id === data.mine?.id
                    : data.myTeams.some((team) => team.id === entry.id)
                }
              />
            ))}
          </ol>
        )}
        <MyPlaces ranking={data} />
      </>
    );
  }
  if (ranking.error) {
    return (
      <StateView kind="error" title="排行榜没有加载出来" description="请检查网络后重试。">
        <RetryButton onRetry={() => void ranking.refetch()} />
      </StateView>
    );
  }
  return <PageSkeleton />;
}

/**
 * `/rankingList`: learners (学员) or teams (团队) of the site by the points earned this week,
 * this month or in all: the top 100, with my place (or my teams' places) pinned below.
 */
export function RankingPage() {
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params.get('scope'));
  const period = periodOf(params.get('period'));
  const choose = (next: { scope?: RankingScope; period?: RankingPeriod }) =>
    setParams({ scope: next.scope ?? scope, period: next.period ?? period }, { replace: true });
  return (
    <>
      <PageHeader />
      <div className="tabs under-header" role="tablist" aria-label="榜单类型">
        {RANKING_SCOPES.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`rank-tab-${tab}`}
            aria-selected={tab === scope}
            aria-controls="rank-panel"
            className="tab"
            onClick={() => choose({ scope: tab })}
          >
            {SCOPE_LABELS[tab]}
          </button>
        ))}
      </div>
      <main
        id="rank-panel"
        className="page-body rank-page"
        role="tabpanel"
        aria-labelledby={`rank-tab-${scope}`}
      >
        <fieldset className="chip-row rank-periods">
          <legend className="sr-only">统计周期</legend>
          {RANKING_PERIODS.map((item) => (
            <button
              key={item}
              type="button"
              className={item === period ? 'chip active' : 'chip'}
              aria-pressed={item === period}
              onClick={() => choose({ period: item })}
            >
              {PERIOD_LABELS[item]}
            </button>
          ))}
        </fieldset>
        <RankingBody key={`${scope}-${period}`} scope={scope} period={period} />
      </main>
    </>
  );
}
