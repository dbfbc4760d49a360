import type { Page } from '@portal/contract';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateRange } from '@/lib/format-date.ts';
import { href, paths } from '@/platform/paths.ts';
import { myActivitiesQueryOptions } from '@/platform/queries/my-activities.ts';
import { myClassesQueryOptions } from '@/platform/queries/my-classes.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { CardLine } from '@/ui/content-card.tsx';
import { HeaderLink, TabHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { ProgressBar } from '@/ui/progress-bar.tsx';
import { signupLabel } from '@/ui/signup-status.tsx';
import { StateView, type StateWay } from '@/ui/state-view.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import { useStudyReading } from '../api/get-study-more.ts';
import { MySchedule } from '../components/my-schedule.tsx';
import { StudyCourseList } from '../components/study-course-list.tsx';
import '../study.css';

const tabs = [
  { key: 'learning', label: '学习中' },
  { key: 'classes', label: '我的班级' },
  { key: 'activities', label: '我的活动' },
  { key: 'reading', label: '在读' },
  { key: 'completed', label: '已学完' },
] as const;

type TabKey = (typeof tabs)[number]['key'];

const isTab = (value: string | null): value is TabKey => tabs.some((tab) => tab.key === value);

interface StudyAction {
  to: string;
  label: string;
  ariaLabel?: string;
}

/** A row of one of the study lists: title, lines of facts, `extra` and buttons (the first the main one). */
interface StudyRow {
  key: number;
  title: string;
  lines: readonly string[];
  actions: readonly StudyAction[];
  extra?: ReactNode;
}

/**
 * One of the study lists: `row` of each item as it loads, page by page, or the empty state with
 * the way to what there is to join.
 */
function StudyList<T>({
  query,
  empty,
  row,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  empty: { title: string; description: string; way: StateWay };
  row: (item: T) => StudyRow;
}) {
  return (
    <PagedList query={query} empty={<StateView kind="empty" {...empty} />}>
      {(item) => {
        const { key, title, lines, actions, extra } = row(item);
        return (
          <Panel as="li" key={key} compact stack className="study-class">
            <span className="content-card-title">{title}</span>
            {lines.map((line) => (
              <CardLine key={line}>{line}</CardLine>
            ))}
            {extra}
            <ActionRow split>
              {actions.map((action, n) => (
                <Link
                  key={action.label}
                  className={n === 0 ? 'link-button primary' : 'link-button'}
                  to={action.to}
                  aria-label={action.ariaLabel}
                >
                  {action.label}
                </Link>
              ))}
            </ActionRow>
          </Panel>
        );
      }}
    </PagedList>
  );
}

/** 我的班级: the classes I signed up for, each opening its courses with my progress. */
function StudyClasses() {
  return (
    <StudyList
      query={useInfiniteQuery({ ...myClassesQueryOptions(), staleTime: 0 })}
      empty={{
        title: '还没有报名班级',
        description: '去首页看看正在报名的班级吧。',
        way: { to: paths.home, label: '去首页看看' },
      }}
      row={(klass) => {
        // Only a confirmed sign-up studies the class; the others say where they stand.
        const joined = klass.mySignup.status === 'active';
        const details = {
          to: href('classDetail', { id: klass.id }),
          label: '班级详情',
          ariaLabel: `班级详情：${klass.title}`,
        };
        return {
          key: klass.id,
          title: klass.title,
          lines: [
            joined
              ? `${klass.status} · ${klass.schedule}`
              : `${signupLabel(klass.mySignup)} · ${klass.schedule}`,
            klass.place,
          ],
          actions: joined
            ? [
                {
                  to: href('classStudy', { id: klass.id }),
                  label: '班级学习',
                  ariaLabel: `班级学习：${klass.title}`,
                },
                details,
              ]
            : [details],
        };
      }}
    />
  );
}

/** 我的活动: the activities I applied for and have not attended yet, with the check-in code. */
function StudyActivities() {
  return (
    <StudyList
      query={useInfiniteQuery({ ...myActivitiesQueryOptions('已报名'), staleTime: 0 })}
      empty={{
        title: '还没有报名活动',
        description: '讲座、参观、志愿服务……去看看正在报名的活动吧。',
        way: { to: paths.activity, label: '去看看活动' },
      }}
      row={(activity) => ({
        key: activity.id,
        title: activity.title,
        lines: [
          `${activity.kind} · ${formatDateRange(activity.startAt, activity.endAt, 'yyyy-MM-dd hh:mm')}`,
          activity.place,
        ],
        actions: [
          { to: paths.myActivities, label: '签到码' },
          {
            to: href('activityDetail', { id: activity.id }),
            label: '活动详情',
            ariaLabel: `活动详情：${activity.title}`,
          },
        ],
      })}
    />
  );
}

/** 在读: the e-books I opened, the latest first, each with the page I reached. */
function StudyReading() {
  return (
    <StudyList
      query={useStudyReading()}
      empty={{
        title: '还没有在读的电子书',
        description: '打开一本电子书，读到哪里都会记在这里。',
        way: { to: paths.ebookList, label: '去书架看看' },
      }}
      row={(book) => ({
        key: book.id,
        title: book.title,
        lines: [`${book.author} · 读到第 ${book.progress.page} 页`],
        actions: [
          {
            to: href('ebookContent', { id: book.id }),
            label: '继续阅读',
            ariaLabel: `继续阅读：${book.title}`,
          },
        ],
        extra: (
          <ProgressBar
            done={book.progress.page}
            total={book.progress.pageCount}
            unit="页"
            verb="已读"
            label={`《${book.title}》阅读进度`}
          />
        ),
      })}
    />
  );
}

/**
 * `/index/study`: 我的日程 (what is coming up), then what I am learning, my classes, activities and
 * books, what I completed.
 */
export function StudyPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const active: TabKey = isTab(wanted) ? wanted : 'learning';
  const handleTab = (key: TabKey) => setParams({ tab: key }, { replace: true });
  return (
    <main className="panel-page">
      <TabHeader title="我的学习" link={<HeaderLink to={paths.learning}>正在学习 ›</HeaderLink>} />
      <MySchedule />
      <TabList
        label="学习分类"
        tabs={tabs}
        value={active}
        onChange={handleTab}
        idPrefix="study-tab"
        panelId="study-panel"
      />
      <section
        id="study-panel"
        className="page-body"
        role="tabpanel"
        aria-labelledby={tabId('study-tab', active)}
      >
        {active === 'classes' ? <StudyClasses /> : null}
        {active === 'activities' ? <StudyActivities /> : null}
        {active === 'reading' ? <StudyReading /> : null}
        {active === 'learning' || active === 'completed' ? (
          <StudyCourseList key={active} state={active} />
        ) : null}
      </section>
    </main>
  );
}
