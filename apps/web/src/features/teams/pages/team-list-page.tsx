import type { TeamSort } from '@portal/contract';
import { TEAM_SORTS } from '@portal/contract/constants';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { SearchField } from '@/ui/search-field.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import { useTeamList } from '../api/get-teams.ts';
import { TeamCardItem } from '../components/team-card.tsx';
import '../teams.css';

const SORT_LABELS: Record<TeamSort, string> = { active: '最活跃', newest: '最新' };
const SORTS = TEAM_SORTS.map((key) => ({ key, label: SORT_LABELS[key] }));

/** `/addGroupList`: browse and search the site's teams to join (public). */
export function TeamListPage() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<TeamSort>('active');
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const list = useTeamList(q, sort);

  return (
    <>
      <PageHeader />
      <main className="page-body team-stack">
        <div className="action-row team-shortcuts">
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
        <SearchField
          label="搜索团队名称"
          placeholder="搜索团队名称"
          value={typed}
          onChange={setTyped}
          onSearch={setQ}
        />
        <TabList
          label="排序"
          tabs={SORTS}
          value={sort}
          onChange={setSort}
          idPrefix="team-sort"
          panelId="team-list-panel"
          look="segmented"
          inline
        />
        <div id="team-list-panel" role="tabpanel" aria-labelledby={tabId('team-sort', sort)}>
          <PagedList
            query={list}
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
        </div>
      </main>
    </>
  );
}
