import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { href, paths } from '@/platform/paths.ts';
import { classDetailQueryOptions } from '@/platform/queries/my-classes.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { Panel } from '@/ui/panel.tsx';
import { PageState, RetryButton, StateView } from '@/ui/state-view.tsx';
import { useCoursesProgress } from '../api/get-class-study.ts';
import { StudyCourseCard } from '../components/study-course-item.tsx';
import '../study.css';

/** `/classStudy?id=`: the courses of a class I joined, with my progress in each. */
export function ClassStudyPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const klass = useQuery({
    ...classDetailQueryOptions(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });
  const joined = klass.data?.mySignup?.status === 'active';
  const courses = klass.data?.courses ?? [];
  const progress = useCoursesProgress(
    courses.map((course) => course.id),
    joined,
  );

  if (id === null || (klass.isError && !klass.data)) {
    const missing = id === null || klass.error?.name === 'ApiError';
    return (
      <>
        <PageHeader />
        <PageState
          kind={missing ? 'missing' : 'error'}
          title={missing ? '没有找到这个班级' : '没有加载出来'}
          description={missing ? '班级可能已下线，去看看其他班级吧。' : '请检查网络后重试。'}
          way={missing ? { to: paths.myClasses, label: '我的班级' } : undefined}
        >
          {missing ? null : <RetryButton onRetry={() => void klass.refetch()} />}
        </PageState>
      </>
    );
  }
  if (!klass.data) {
    return (
      <>
        <PageHeader />
        <PageSkeleton />
      </>
    );
  }
  const detail = klass.data;
  if (!joined) {
    return (
      <>
        <PageHeader />
        <PageState
          kind="empty"
          title="报名后才能进入班级学习"
          description={`您还没有报名“${detail.title}”，报名成功后可以在这里学习班级课程。`}
          way={{ to: href('classDetail', { id: detail.id }), label: '查看班级' }}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader />
      <main className="page-body">
        <Panel title={detail.title} compact stack className="class-study-head">
          <p className="detail-meta">
            {detail.term} · {detail.schedule}
          </p>
          <p className="detail-meta">
            {detail.place} · {detail.teacherName}
          </p>
          <Link className="link-button block" to={href('classDetail', { id: detail.id })}>
            班级详情
          </Link>
        </Panel>
        <h2 className="panel-title">班级课程（{courses.length}）</h2>
        {courses.length === 0 ? (
          <StateView kind="empty" title="班级还没有安排课程" description="请留意班主任的通知。" />
        ) : (
          <ul className="card-list">
            {courses.map((course, n) => {
              const mine = progress[n]?.data;
              const done = mine?.completedLessons ?? 0;
              const total = mine?.totalLessons ?? course.lessonCount;
              const started = mine ? mine.lastLessonId !== null : false;
              const label = mine?.completed ? '再次学习' : started ? '继续学习' : '开始学习';
              return (
                <StudyCourseCard
                  key={course.id}
                  course={course}
                  meta={mine?.completed ? '已学完' : started ? '学习中' : '未开始'}
                  done={done}
                  total={total}
                  action={{
                    to: href('courseDetail', { id: course.id, lessonId: mine?.lastLessonId }),
                    label,
                    ariaLabel: `${started ? '继续学习' : '开始学习'}：${course.title}`,
                    primary: !mine?.completed,
                  }}
                />
              );
            })}
          </ul>
        )}
      </main>
    </>
  );
}
