import type { StudyState } from '@portal/contract';
import { InfiniteScroll } from 'antd-mobile';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useStudyCourses } from '../api/get-study-courses.ts';
import { StudyCourseItem } from './study-course-item.tsx';

const emptyText: Record<StudyState, { title: string; description: string }> = {
  learning: { title: '还没有正在学习的课程', description: '挑一门感兴趣的课程，开始学习吧。' },
  completed: {
    title: '还没有学完的课程',
    description: '学完一门课程的全部课时，它就会出现在这里。',
  },
};

/** My courses of one state with progress bars, loading more as the learner scrolls. */
export function StudyCourseList({ state }: { state: StudyState }) {
  const courses = useStudyCourses(state);
  const list = courses.data?.pages.flatMap((page) => page.list) ?? [];
  if (courses.isPending) return <PageSkeleton />;
  if (courses.isError && list.length === 0) {
    return (
      <StateView kind="error" title="没有加载出来" description="请检查网络后重试。">
        <button type="button" className="link-button primary" onClick={() => courses.refetch()}>
          重试
        </button>
      </StateView>
    );
  }
  if (list.length === 0) {
    return (
      <StateView
        kind="empty"
        title={emptyText[state].title}
        description={emptyText[state].description}
      >
        <Link className="link-button primary" to={paths.courseList}>
          去选课
        </Link>
      </StateView>
    );
  }
  return (
    <>
      <ul className="study-courses">
        {list.map((course) => (
          <StudyCourseItem key={course.courseId} course={course} />
        ))}
      </ul>
      <InfiniteScroll
        hasMore={courses.hasNextPage}
        loadMore={async () => {
          await courses.fetchNextPage({ throwOnError: true });
        }}
      />
    </>
  );
}
