import type { TeamSort } from '@portal/contract';
import { TEAM_SORTS } from '@portal/contract/constants';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useTeamList } from '../api/get-teams.ts';
import { TeamCardItem } from '../components/team-card.tsx';
import '../teams.css';

const SORT_LABELS: Record<TeamSort, string> = { active: '最活跃', newest: '最新' };

/** `/addGroupList`: browse and search the site's teams to join (public). */
export function TeamListPage() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<TeamSort>('active');
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const list = useTeamList(q, sort);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <>
      <PageHeader />
      <main className="page-body team-page">
        <div className="team-shortcuts">
          {loggedIn ? (
            <Link className="link-button" to={paths.myTeam}>
              我的团队
            </Link>
          ) : null}
          <Link className="link-button" to={paths.joinTeam}>
            邀请码加入
          </Link>
          <Link className="link-button primary" to={paths.createTeam}>
            创建团队
          </Link>
        </div>
        <form className="team-search" aria-label="搜索团队" onSubmit={handleSearch}>
          <label className="sr-only" htmlFor="team-search">
            搜索团队名称
          </label>
          <input
            id="team-search"
            type="search"
            value={typed}
            placeholder="搜索团队名称"
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="link-button primary">
            搜索
          </button>
        </form>
        <div className="team-tabs" role="tablist" aria-label="排序">
          {TEAM_SORTS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={sort === key}
              className={sort === key ? 'team-tab active' : 'team-tab'}
              onClick={() => setSort(key)}
            >
              {SORT_LABELS[key]}
            </button>
          ))}
        </div>
        <PagedList
          query={list}
          className="team-list"
          empty={
            <StateView
              kind="empty"
              title={q ? `没有找到名称含“${q}”的团队` : '还没有学习团队'}
              description="换个名称试试，或者自己创建一个团队。"
              way={{ to: paths.createTeam, label: '创建团队' }}
            />
          }
        >
          {(team) => <TeamCardItem key={team.id} team={team} />}
        </PagedList>
      </main>
    </>
  );
}
