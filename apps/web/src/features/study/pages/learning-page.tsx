import { PageHeader } from '@/ui/page-header.tsx';
import { StudyCourseList } from '../components/study-course-list.tsx';
import '../study.css';

/** `/learningFile`: the courses I am learning now, with progress bars and continue buttons. */
export function LearningPage() {
  return (
    <>
      <PageHeader />
      <main className="page-body">
        <StudyCourseList state="learning" />
      </main>
    </>
  );
}
