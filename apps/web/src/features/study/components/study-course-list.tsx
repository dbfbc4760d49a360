import type { StudyState } from '@portal/contract';
import { paths } from '@/platform/paths.ts';
import { PagedList } from '@/ui/paged-list.tsx';
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
  return (
    <PagedList
      query={courses}
      empty={
        <StateView
          kind="empty"
          {...emptyText[state]}
          way={{ to: paths.courseList, label: '去选课' }}
        />
      }
    >
      {(course) => <StudyCourseItem key={course.courseId} course={course} />}
    </PagedList>
  );
}
