import type { TeamResourceCandidate, TeamResourceKind } from '@portal/contract';
import { TEAM_RESOURCE_KINDS } from '@portal/contract/constants';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { CONTENT_TYPE_LABELS } from '@/platform/content-links.ts';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { PageState, StateView } from '@/ui/state-view.tsx';
import '@/ui/chips.css';
import {
  type CandidateSource,
  useLinkTeamResource,
  useTeamResourceCandidates,
  useTeamResources,
} from '../api/team-resources.ts';
import '../team-resources.css';

const SOURCE_LABELS: Record<CandidateSource, string> = {
  search: '站内搜索',
  favourites: '我的收藏',
};

function CandidateRow({ teamId, item }: { teamId: number; item: TeamResourceCandidate }) {
  const mutation = useLinkTeamResource(teamId);
  const [linked, setLinked] = useState(item.linked);
  const handleToggle = () =>
    mutation.mutate(
      { teamId, kind: item.kind, resourceId: item.resourceId, link: !linked },
      { onSuccess: (state) => setLinked(state.linked) },
    );
  return (
    <li className="connect-item">
      <div className="connect-item-body">
        <p>{item.title}</p>
        <p className="connect-item-sub">{item.subtitle}</p>
      </div>
      <button
        type="button"
        className={linked ? 'linked' : undefined}
        aria-pressed={linked}
        aria-label={`${linked ? '取消关联' : '关联'}${item.title}`}
        disabled={mutation.isPending}
        onClick={handleToggle}
      >
        {linked ? '已关联' : '关联'}
      </button>
    </li>
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
    return <p className="connect-count">输入{label}名称搜索，或切换到“我的收藏”挑选。</p>;
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
      className="connect-list"
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
  if (teamId === null) {
    return (
      <>
        <PageHeader />
        <PageState
          kind="missing"
          title="团队不存在"
          way={{ to: paths.myTeam, label: '我的团队' }}
        />
      </>
    );
  }
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
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim(), source: 'search' });
  };
  return (
    <>
      <PageHeader />
      <main className="page-body">
        {resources.data ? (
          <p className="connect-count">
            已关联 {resources.data.list.length} 个资源，最多 {resources.data.limit} 个
          </p>
        ) : null}
        <fieldset className="chip-row connect-kinds">
          <legend className="sr-only">资源类型</legend>
          {TEAM_RESOURCE_KINDS.map((item) => (
            <button
              key={item}
              type="button"
              className={item === kind ? 'chip active' : 'chip'}
              aria-pressed={item === kind}
              onClick={() => go({ kind: item })}
            >
              {CONTENT_TYPE_LABELS[item]}
            </button>
          ))}
        </fieldset>
        <fieldset className="chip-row connect-sources">
          <legend className="sr-only">来源</legend>
          {(['search', 'favourites'] as const).map((item) => (
            <button
              key={item}
              type="button"
              className={item === source ? 'chip active' : 'chip'}
              aria-pressed={item === source}
              onClick={() => go({ source: item })}
            >
              {SOURCE_LABELS[item]}
            </button>
          ))}
        </fieldset>
        {source === 'search' ? (
          <search>
            <form className="connect-search" onSubmit={handleSearch}>
              <input
                type="search"
                aria-label={`搜索${CONTENT_TYPE_LABELS[kind]}`}
                placeholder={`搜索${CONTENT_TYPE_LABELS[kind]}名称`}
                value={draft}
                maxLength={50}
                onChange={(event) => setDraft(event.target.value)}
              />
              <button type="submit" className="link-button primary">
                搜索
              </button>
            </form>
          </search>
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
