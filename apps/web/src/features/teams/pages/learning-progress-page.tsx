import type { TeamMemberProgress, TeamProgressNumbers, TeamProgressSort } from '@portal/contract';
import { TEAM_PROGRESS_SORTS } from '@portal/contract/constants';
import { useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { Badge } from '@/ui/badge.tsx';
import { FilterChips } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useTeamProgress } from '../api/get-team-progress.ts';
import { Avatar } from '../components/avatar.tsx';
import { QueryFallback } from '../components/query-fallback.tsx';
import { NoTeamPage } from '../components/team-card.tsx';
import '../rankings.css';
import '../teams.css';

/** Each figure: its label, its unit, in the order they are shown. */
const FIGURES: ReadonlyArray<[TeamProgressSort, string, string]> = [
  ['minutes', '学习时长', '分钟'],
  ['lessons', '完成课时', '课时'],
  ['activities', '参加活动', '场'],
  ['pages', '电子书', '页'],
  ['classes', '报名班级', '个'],
];

const SORT_LABELS: Record<TeamProgressSort, string> = {
  minutes: '按时长',
  lessons: '按课时',
  activities: '按活动',
  pages: '按页数',
  classes: '按班级',
};

const SORTS = TEAM_PROGRESS_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

const sortOf = (value: string | null): TeamProgressSort =>
  TEAM_PROGRESS_SORTS.find((sort) => sort === value) ?? 'minutes';

function Figures({ numbers }: { numbers: TeamProgressNumbers }) {
  return (
    <dl className="progress-member-figures">
      {FIGURES.map(([key, label, unit]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>
            {numbers[key]} {unit}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MemberRow({ member, place }: { member: TeamMemberProgress; place: number }) {
  return (
    <Panel as="li" compact>
      <h2 className="progress-member-head">
        <span className="rank-number">{place}</span>
        <Avatar name={member.nickname} src={member.avatar} />
        <span className="rank-name">{member.nickname}</span>
        {member.leader ? (
          <Badge square quiet>
            负责人
          </Badge>
        ) : null}
      </h2>
      <Figures numbers={member} />
    </Panel>
  );
}

function ProgressBody({ teamId, sort }: { teamId: number; sort: TeamProgressSort }) {
  const progress = useTeamProgress(teamId, sort);
  if (progress.data) {
    const { data } = progress;
    const nothing =
      data.linked.courses + data.linked.classes + data.linked.activities + data.linked.ebooks === 0;
    return (
      <>
        <p className="list-count">
          {data.teamName} · 关联课程 {data.linked.courses} 门（{data.linked.lessons} 课时）、班级{' '}
          {data.linked.classes} 个、活动 {data.linked.activities} 场、电子书 {data.linked.ebooks} 本
        </p>
        <ul className="progress-totals" aria-label="团队合计">
          {FIGURES.map(([key, label, unit]) => (
            <li key={key}>
              <strong>
                {data.totals[key]}
                <small> {unit}</small>
              </strong>
              {label}
            </li>
          ))}
        </ul>
        {nothing ? (
          <StateView
            kind="empty"
            title="团队还没有关联学习资源"
            description="负责人关联课程、活动或电子书后，这里会显示每位成员的学习进度。"
            way={{ to: href('teamDetail', { id: teamId }), label: '回到团队' }}
          />
        ) : null}
        <ol className="card-list" aria-label="成员学习进度">
          {data.members.map((member, index) => (
            <MemberRow key={member.userId} member={member} place={index + 1} />
          ))}
        </ol>
      </>
    );
  }
  if (progress.error instanceof ApiError && [403, 404, 409].includes(progress.error.code)) {
    return (
      <StateView
        kind="missing"
        title={
          progress.error.code === 403 ? '只有团队成员可以查看学习进度' : progress.error.message
        }
        way={{ to: paths.teamList, label: '去看看学习团队' }}
      />
    );
  }
  return <QueryFallback query={progress} what="学习进度" />;
}

/**
 * `/learningProgress?id=`: each member's progress on the team's linked resources (minutes and
 * lessons of its courses, activities attended, e-book pages, classes joined), sortable, with the
 * team's totals. Members and the leader only.
 */
export function LearningProgressPage() {
  const [params, setParams] = useSearchParams();
  const teamId = idParam(params.get('id'));
  const sort = sortOf(params.get('sort'));
  if (teamId === null) return <NoTeamPage />;
  return (
    <>
      <PageHeader />
      <main className="page-body team-stack">
        <FilterChips
          legend="排序方式"
          options={SORTS}
          value={sort}
          onChange={(item) => setParams({ id: String(teamId), sort: item }, { replace: true })}
        />
        <ProgressBody teamId={teamId} sort={sort} />
      </main>
    </>
  );
}
