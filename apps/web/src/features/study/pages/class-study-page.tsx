import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { href, paths } from '@/platform/paths.ts';
import { classDetailQueryOptions } from '@/platform/queries/my-classes.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';
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
        <StateView
          kind={missing ? 'missing' : 'error'}
          title={missing ? '没有找到这个班级' : '没有加载出来'}
          description={missing ? '班级可能已下线，去看看其他班级吧。' : '请检查网络后重试。'}
        >
          {missing ? (
            <Link className="link-button primary" to={paths.myClasses}>
              我的班级
            </Link>
          ) : (
            <button type="button" className="link-button primary" onClick={() => klass.refetch()}>
              重试
            </button>
          )}
        </StateView>
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
        <StateView
          kind="empty"
          title="报名后才能进入班级学习"
          description={`您还没有报名“${detail.title}”，报名成功后可以在这里学习班级课程。`}
        >
          <Link className="link-button primary" to={href('classDetail', { id: detail.id })}>
            查看班级
          </Link>
        </StateView>
      </>
    );
  }
  return (
    <>
      <PageHeader />
      <main className="page-body">
        <section className="class-study-head" aria-labelledby="class-study-title">
          <h2 id="class-study-title">{detail.title}</h2>
          <p className="study-class-meta">
            {detail.term} · {detail.schedule}
          </p>
          <p className="study-class-meta">
            {detail.place} · {detail.teacherName}
          </p>
          <Link className="link-button block" to={href('classDetail', { id: detail.id })}>
            班级详情
          </Link>
        </section>
        <h2 className="class-study-subtitle">班级课程（{courses.length}）</h2>
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
