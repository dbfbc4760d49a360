import type { TeamResourceCandidate, TeamResourceKind } from '@portal/contract';
import { TEAM_RESOURCE_KINDS } from '@portal/contract/constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { CONTENT_TYPE_LABELS } from '@/platform/content-links.ts';
import { href } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { CardLine } from '@/ui/content-card.tsx';
import { FilterBar, FilterChips } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { SearchField } from '@/ui/search-field.tsx';
import { StateView } from '@/ui/state-view.tsx';
import {
  type CandidateSource,
  useLinkTeamResource,
  useTeamResourceCandidates,
  useTeamResources,
} from '../api/team-resources.ts';
import { NoTeamPage } from '../components/team-card.tsx';
import '../teams.css';

const KINDS = TEAM_RESOURCE_KINDS.map((kind) => ({
  value: kind,
  label: CONTENT_TYPE_LABELS[kind],
}));

const SOURCES: ReadonlyArray<{ value: CandidateSource; label: string }> = [
  { value: 'search', label: '站内搜索' },
  { value: 'favourites', label: '我的收藏' },
];

function CandidateRow({ teamId, item }: { teamId: number; item: TeamResourceCandidate }) {
  const mutation = useLinkTeamResource(teamId);
  const [linked, setLinked] = useState(item.linked);
  const handleToggle = () =>
    mutation.mutate(
      { teamId, kind: item.kind, resourceId: item.resourceId, link: !linked },
      { onSuccess: (state) => setLinked(state.linked) },
    );
  return (
    <Panel as="li" compact className="connect-item">
      <span className="connect-item-body">
        {item.title}
        <CardLine>{item.subtitle}</CardLine>
      </span>
      <button
        type="button"
        className={linked ? 'pill-button quiet' : 'pill-button'}
        aria-pressed={linked}
        aria-label={`${linked ? '取消关联' : '关联'}${item.title}`}
        disabled={mutation.isPending}
        onClick={handleToggle}
      >
        {linked ? '已关联' : '关联'}
      </button>
    </Panel>
  );
}

function Candidates({
  teamId,
  kind,
  source,
  q,
}: {
  teamId: number;
  kind: TeamResourceKind;
  source: CandidateSource;
  q: string;
}) {
  const query = useTeamResourceCandidates(teamId, kind, source, q);
  const label = CONTENT_TYPE_LABELS[kind];
  if (source === 'search' && q === '') {
    return <p className="detail-meta">输入{label}名称搜索，或切换到“我的收藏”挑选。</p>;
  }
  if (query.error instanceof ApiError && query.error.code === 403) {
    return (
      <StateView
        kind="missing"
        title="只有团队负责人可以关联资源"
        way={{ to: href('teamDetail', { id: teamId }), label: '回到团队' }}
      />
    );
  }
  return (
    <PagedList
      query={query}
      empty={
        <StateView
          kind="empty"
          title={source === 'search' ? `没有找到相关${label}` : `收藏里还没有${label}`}
          description={
            source === 'search' ? '换个关键词试试。' : '在详情页点“收藏”后，就能在这里挑选。'
          }
        />
      }
    >
      {(item) => (
        <CandidateRow key={`${item.kind}-${item.resourceId}`} teamId={teamId} item={item} />
      )}
    </PagedList>
  );
}

/**
 * `/connectCourse?id=`: the team's leader links courses, classes, activities and e-books to the
 * team, found by a search of the site or picked from their favourites; 已关联 unlinks.
 */
export function ConnectCoursePage() {
  const [params, setParams] = useSearchParams();
  const teamId = idParam(params.get('id'));
  const kind = TEAM_RESOURCE_KINDS.find((item) => item === params.get('kind')) ?? 'course';
  const source: CandidateSource = params.get('source') === 'favourites' ? 'favourites' : 'search';
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const resources = useTeamResources(teamId ?? 0);
  if (teamId === null) return <NoTeamPage />;
  const go = (next: { kind?: TeamResourceKind; source?: CandidateSource; q?: string }) => {
    const query: Record<string, string> = {
      id: String(teamId),
      kind: next.kind ?? kind,
      source: next.source ?? source,
    };
    const text = next.q ?? q;
    if (text) query.q = text;
    setParams(query, { replace: true });
  };
  return (
    <>
      <PageHeader />
      <FilterBar>
        <FilterChips
          legend="资源类型"
          options={KINDS}
          value={kind}
          onChange={(item) => go({ kind: item })}
        />
        <FilterChips
          legend="来源"
          options={SOURCES}
          value={source}
          onChange={(item) => go({ source: item })}
        />
        {source === 'search' ? (
          <div className="connect-search">
            <SearchField
              label={`搜索${CONTENT_TYPE_LABELS[kind]}`}
              placeholder={`搜索${CONTENT_TYPE_LABELS[kind]}名称`}
              value={draft}
              maxLength={50}
              onChange={setDraft}
              onSearch={(words) => go({ q: words, source: 'search' })}
            />
          </div>
        ) : null}
      </FilterBar>
      <main className="page-body">
        {resources.data ? (
          <p className="list-count">
            已关联 {resources.data.list.length} 个资源，最多 {resources.data.limit} 个
          </p>
        ) : null}
        <Candidates
          key={`${kind}-${source}-${q}`}
          teamId={teamId}
          kind={kind}
          source={source}
          q={q}
        />
      </main>
    </>
  );
}
