import type { CourseSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { formatDuration } from '@/lib/format-duration.ts';
import { href } from '@/platform/paths.ts';

/** A course in a list: cover, title, teacher and category, lessons, length and learners. */
export function CourseCard({ course }: { course: CourseSummary }) {
  return (
    <Link className="course-card" to={href('courseDetail', { id: course.id })}>
      <img
        className="course-card-cover"
        src={course.cover}
        alt=""
        width={128}
        height={80}
        loading="lazy"
        decoding="async"
      />
      <span className="course-card-body">
        <span className="course-card-title">{course.title}</span>
        <span className="course-card-meta">
          {course.teacherName} · {course.categoryName}
        </span>
        <span className="course-card-stats">
          <span>{course.lessonCount} 课时</span>
          {course.durationSeconds > 0 ? (
            <span>{formatDuration(course.durationSeconds)}</span>
          ) : null}
          <span>{formatCount(course.learnerCount)} 人学过</span>
        </span>
      </span>
    </Link>
  );
}
