import type {
  Ranking,
  RankingEntry,
  RankingPeriod,
  RankingPlace,
  RankingScope,
} from '@portal/contract';
import { RANKING_PERIODS, RANKING_SCOPES } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { CardLine } from '@/ui/content-card.tsx';
import { FilterChips } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import { useRanking } from '../api/get-ranking.ts';
import { Avatar } from '../components/avatar.tsx';
import { QueryFallback } from '../components/query-fallback.tsx';
import { rankingPeriodOf, rankingScopeOf } from '../lib/ranking-params.ts';
import '../rankings.css';
import '../teams.css';

const SCOPE_LABELS: Record<RankingScope, string> = { learner: '学员', team: '团队' };
const PERIOD_LABELS: Record<RankingPeriod, string> = { week: '本周', month: '本月', all: '总榜' };

const SCOPES = RANKING_SCOPES.map((key) => ({ key, label: SCOPE_LABELS[key] }));
const PERIODS = RANKING_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));

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
          <span className="text-accent">{scope === 'team' ? '（我的团队）' : '（我）'}</span>
        ) : null}
      </span>
      <CardLine className="rank-points">
        <strong className="text-alert">{entry.points}</strong> 分
      </CardLine>
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

/** A block of my places, pinned under the list: `title` over the places. */
function MinePanel({
  label,
  title,
  children,
}: {
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="rank-mine" aria-label={label}>
      <CardLine>{title}</CardLine>
      {children}
    </section>
  );
}

/** My place (学员) or my teams' places (团队), pinned under the list. */
function MyPlaces({ ranking }: { ranking: Ranking }) {
  if (ranking.scope === 'learner') {
    if (!ranking.mine) return null;
    return (
      <MinePanel label="我的名次" title="我的名次">
        <strong>{placeText(ranking.mine, ranking.period)}</strong>
        {ranking.mine.rank === null ? (
          <Link className="link-button primary" to={paths.pointsTasks}>
            去赚积分
          </Link>
        ) : null}
      </MinePanel>
    );
  }
  if (ranking.mine === null) return null;
  if (ranking.myTeams.length === 0) {
    return (
      <MinePanel label="我的团队名次" title="我的团队">
        <strong>还没有加入学习团队</strong>
        <Link className="link-button primary" to={paths.teamList}>
          去加入团队
        </Link>
      </MinePanel>
    );
  }
  return (
    <MinePanel label="我的团队名次" title="我的团队">
      <ul className="rank-mine-teams">
        {ranking.myTeams.map((team) => (
          <li key={team.id}>
            <Link to={href('teamDetail', { id: team.id })}>
              <span className="rank-name">{team.name}</span>
              <strong>{placeText(team, ranking.period)}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </MinePanel>
  );
}

function RankingBody({ scope, period }: { scope: RankingScope; period: RankingPeriod }) {
  const ranking = useRanking(scope, period);
  if (ranking.data) {
    const { data } = ranking;
    const who = scope === 'learner' ? '人' : '个团队';
    return (
      <>
        <p className="list-count">
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
  return <QueryFallback query={ranking} what="排行榜" />;
}

/**
 * `/rankingList`: learners (学员) or teams (团队) of the site by the points earned this week,
 * this month or in all: the top 100, with my place (or my teams' places) pinned below.
 */
export function RankingPage() {
  const [params, setParams] = useSearchParams();
  const scope = rankingScopeOf(params.get('scope'));
  const period = rankingPeriodOf(params.get('period'));
  const choose = (next: { scope?: RankingScope; period?: RankingPeriod }) =>
    setParams({ scope: next.scope ?? scope, period: next.period ?? period }, { replace: true });
  return (
    <>
      <PageHeader />
      <TabList
        label="榜单类型"
        tabs={SCOPES}
        value={scope}
        onChange={(tab) => choose({ scope: tab })}
        idPrefix="rank-tab"
        panelId="rank-panel"
        underHeader
      />
      <main
        id="rank-panel"
        className="page-body team-stack"
        role="tabpanel"
        aria-labelledby={tabId('rank-tab', scope)}
      >
        <FilterChips
          legend="统计周期"
          options={PERIODS}
          value={period}
          onChange={(item) => choose({ period: item })}
          className="rank-periods"
        />
        <RankingBody key={`${scope}-${period}`} scope={scope} period={period} />
      </main>
    </>
  );
}
