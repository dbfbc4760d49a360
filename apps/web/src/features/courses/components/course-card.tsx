import type { CourseSummary } from '@portal/contract';
import { formatCount } from '@/lib/format-count.ts';
import { formatDuration } from '@/lib/format-duration.ts';
import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';

/** A course in a list: cover, title, teacher and category, lessons, length and learners. */
export function CourseCard({
  course,
  priority = false,
}: {
  course: CourseSummary;
  /** On the first screen (see {@link ContentCard}). */
  priority?: boolean;
}) {
  return (
    <ContentCard
      priority={priority}
      to={href('courseDetail', { id: course.id })}
      cover={course.cover}
      title={course.title}
      className="course-card boxed clamp"
      titleClassName="course-card-title"
    >
      <CardLine className="course-card-meta">
        {course.teacherName} · {course.categoryName}
      </CardLine>
      <CardLine className="course-card-stats">
        <span>{course.lessonCount} 课时</span>
        {course.durationSeconds > 0 ? <span>{formatDuration(course.durationSeconds)}</span> : null}
        <span>{formatCount(course.learnerCount)} 人学过</span>
      </CardLine>
    </ContentCard>
  );
}
