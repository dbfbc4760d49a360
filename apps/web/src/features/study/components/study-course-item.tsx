import type { StudyCourse } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { Panel } from '@/ui/panel.tsx';
import { ProgressBar } from '@/ui/progress-bar.tsx';

/**
 * A course with my progress: cover, title and a line about me, the progress bar, where I left
 * off (`lesson`) and the button that opens the course at `action.to` (a primary one unless done).
 */
export function StudyCourseCard({
  course,
  meta,
  done,
  total,
  lesson,
  action,
}: {
  course: { id: number; title: string; cover: string };
  meta: ReactNode;
  done: number;
  total: number;
  lesson?: string | null;
  action: { to: string; label: string; ariaLabel: string; primary: boolean };
}) {
  return (
    <Panel as="li" compact stack className="study-course">
      <ContentCard
        to={href('courseDetail', { id: course.id })}
        cover={course.cover}
        coverSize={[112, 63]}
        title={course.title}
        className="study-course-link"
      >
        <CardLine>{meta}</CardLine>
      </ContentCard>
      <ProgressBar done={done} total={total} label={`${course.title}的学习进度`} />
      {lesson ? <CardLine>上次学到：{lesson}</CardLine> : null}
      <Link
        className={action.primary ? 'link-button primary block' : 'link-button block'}
        to={action.to}
        aria-label={action.ariaLabel}
      >
        {action.label}
      </Link>
    </Panel>
  );
}

/** A course I started: cover, title, progress bar and a button to continue (or review). */
export function StudyCourseItem({ course }: { course: StudyCourse }) {
  const done = course.completedAt !== null;
  const label = done ? '再次学习' : '继续学习';
  return (
    <StudyCourseCard
      course={{ id: course.courseId, title: course.title, cover: course.cover }}
      meta={done ? `已于 ${course.completedAt?.slice(0, 10)} 学完` : `讲师：${course.teacherName}`}
      done={course.completedLessons}
      total={course.totalLessons}
      lesson={done ? null : course.lessonTitle}
      action={{
        to: href('courseDetail', { id: course.courseId, lessonId: course.lessonId }),
        label,
        ariaLabel: `${label}：${course.title}`,
        primary: !done,
      }}
    />
  );
}
