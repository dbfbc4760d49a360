import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateRange } from '@/lib/format-date.ts';
import { href, paths } from '@/platform/paths.ts';
import { myActivitiesQueryOptions } from '@/platform/queries/my-activities.ts';
import { myClassesQueryOptions } from '@/platform/queries/my-classes.ts';
import { PagedList } from '@/ui/paged-list.tsx';
import { ProgressBar } from '@/ui/progress-bar.tsx';
import { StateView } from '@/ui/state-view.tsx';
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

/** A row of one of the study lists: title, lines of facts, `children` and buttons (the first the main one). */
function StudyRow({
  title,
  lines,
  actions,
  children,
}: {
  title: string;
  lines: readonly string[];
  actions: readonly StudyAction[];
  children?: ReactNode;
}) {
  return (
    <li className="study-class">
      <span className="study-class-title">{title}</span>
      {lines.map((line) => (
        <span key={line} className="study-class-meta">
          {line}
        </span>
      ))}
      {children}
      <span className="study-class-actions">
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
      </span>
    </li>
  );
}

/** 我的班级: the classes I signed up for, each opening its courses with my progress. */
function StudyClasses() {
  return (
    <PagedList
      query={useInfiniteQuery({ ...myClassesQueryOptions(), staleTime: 0 })}
      empty={
        <StateView kind="empty" title="还没有报名班级" description="去首页看看正在报名的班级吧。">
          <Link className="link-button primary" to={paths.home}>
            去首页看看
          </Link>
        </StateView>
      }
    >
      {(klass) => (
        <StudyRow
          key={klass.id}
          title={klass.title}
          lines={[`${klass.status} · ${klass.schedule}`, klass.place]}
          actions={[
            {
              to: href('classStudy', { id: klass.id }),
              label: '班级学习',
              ariaLabel: `班级学习：${klass.title}`,
            },
            {
              to: href('classDetail', { id: klass.id }),
              label: '班级详情',
              ariaLabel: `班级详情：${klass.title}`,
            },
          ]}
        />
      )}
    </PagedList>
  );
}

/** 我的活动: the activities I applied for and have not attended yet, with the check-in code. */
function StudyActivities() {
  return (
    <PagedList
      query={useInfiniteQuery({ ...myActivitiesQueryOptions('已报名'), staleTime: 0 })}
      empty={
        <StateView
          kind="empty"
          title="还没有报名活动"
          description="讲座、参观、志愿服务……去看看正在报名的活动吧。"
        >
          <Link className="link-button primary" to={paths.activity}>
            去看看活动
          </Link>
        </StateView>
      }
    >
      {(activity) => (
        <StudyRow
          key={activity.id}
          title={activity.title}
          lines={[
            `${activity.kind} · ${formatDateRange(activity.startAt, activity.endAt, 'yyyy-MM-dd hh:mm')}`,
            activity.place,
          ]}
          actions={[
            { to: paths.myActivities, label: '签到码' },
            {
              to: href('activityDetail', { id: activity.id }),
              label: '活动详情',
              ariaLabel: `活动详情：${activity.title}`,
            },
          ]}
        />
      )}
    </PagedList>
  );
}

/** 在读: the e-books I opened, the latest first, each with the page I reached. */
function StudyReading() {
  return (
    <PagedList
      query={useStudyReading()}
      empty={
        <StateView
          kind="empty"
          title="还没有在读的电子书"
          description="打开一本电子书，读到哪里都会记在这里。"
        >
          <Link className="link-button primary" to={paths.ebookList}>
            去书架看看
          </Link>
        </StateView>
      }
    >
      {(book) => (
        <StudyRow
          key={book.id}
          title={book.title}
          lines={[`${book.author} · 读到第 ${book.progress.page} 页`]}
          actions={[
            {
              to: href('ebookContent', { id: book.id }),
              label: '继续阅读',
              ariaLabel: `继续阅读：${book.title}`,
            },
          ]}
        >
          <ProgressBar
            done={book.progress.page}
            total={book.progress.pageCount}
            unit="页"
            verb="已读"
            label={`《${book.title}》阅读进度`}
          />
        </StudyRow>
      )}
    </PagedList>
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
    <main className="study">
      <header className="study-header">
        <h1>我的学习</h1>
        <Link className="study-header-link" to={paths.learning}>
          正在学习 ›
        </Link>
      </header>
      <MySchedule />
      <div className="study-tabs" role="tablist" aria-label="学习分类">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`study-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls="study-panel"
            className={tab.key === active ? 'study-tab active' : 'study-tab'}
            onClick={() => handleTab(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section
        id="study-panel"
        className="study-panel"
        role="tabpanel"
        aria-labelledby={`study-tab-${active}`}
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
