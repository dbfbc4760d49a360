import { InfiniteScroll } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useStudyClasses } from '../api/get-class-study.ts';
import { StudyCourseList } from '../components/study-course-list.tsx';
import '../study.css';

const tabs = [
  { key: 'learning', label: '学习中' },
  { key: 'classes', label: '我的班级' },
  { key: 'completed', label: '已学完' },
] as const;

type TabKey = (typeof tabs)[number]['key'];

const isTab = (value: string | null): value is TabKey => tabs.some((tab) => tab.key === value);

/** 我的班级: the classes I signed up for, each opening its courses with my progress. */
function StudyClasses() {
  const classes = useStudyClasses();
  const list = classes.data?.pages.flatMap((page) => page.list) ?? [];
  if (classes.isPending) return <PageSkeleton />;
  if (classes.isError && list.length === 0) {
    return (
      <StateView kind="error" title="没有加载出来" description="请检查网络后重试。">
        <button type="button" className="link-button primary" onClick={() => classes.refetch()}>
          重试
        </button>
      </StateView>
    );
  }
  if (list.length === 0) {
    return (
      <StateView kind="empty" title="还没有报名班级" description="去首页看看正在报名的班级吧。">
        <Link className="link-button primary" to={paths.home}>
          去首页看看
        </Link>
      </StateView>
    );
  }
  return (
    <>
      <ul className="study-classes">
        {list.map((klass) => (
          <li key={klass.id} className="study-class">
            <span className="study-class-title">{klass.title}</span>
            <span className="study-class-meta">
              {klass.status} · {klass.schedule}
            </span>
            <span className="study-class-meta">{klass.place}</span>
            <span className="study-class-actions">
              <Link
                className="link-button primary"
                to={href('classStudy', { id: klass.id })}
                aria-label={`班级学习：${klass.title}`}
              >
                班级学习
              </Link>
              <Link
                className="link-button"
                to={href('classDetail', { id: klass.id })}
                aria-label={`班级详情：${klass.title}`}
              >
                班级详情
              </Link>
            </span>
          </li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={classes.hasNextPage}
        loadMore={async () => {
          await classes.fetchNextPage({ throwOnError: true });
        }}
      />
    </>
  );
}

/** `/index/study`: what I am learning, my classes and what I completed, as three tabs. */
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
        {active === 'classes' ? <StudyClasses /> : <StudyCourseList key={active} state={active} />}
      </section>
    </main>
  );
}
