import type { StudyCourse } from '@portal/contract';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { ProgressBar } from '@/ui/progress-bar.tsx';

/** A course I started: cover, title, progress bar and a button to continue (or review). */
export function StudyCourseItem({ course }: { course: StudyCourse }) {
  const done = course.completedAt !== null;
  return (
    <li className="study-course">
      <Link className="study-course-link" to={href('courseDetail', { id: course.courseId })}>
        <img
          className="study-course-cover"
          src={course.cover}
          alt=""
          width={112}
          height={63}
          loading="lazy"
          decoding="async"
        />
        <span className="study-course-body">
          <span className="study-course-title">{course.title}</span>
          <span className="study-course-meta">
            {done ? `已于 ${course.completedAt?.slice(0, 10)} 学完` : `讲师：${course.teacherName}`}
          </span>
        </span>
      </Link>
      <ProgressBar
        done={course.completedLessons}
        total={course.totalLessons}
        label={`${course.title}的学习进度`}
      />
      {course.lessonTitle && !done ? (
        <p className="study-course-lesson">上次学到：{course.lessonTitle}</p>
      ) : null}
      <Link
        className={done ? 'link-button block' : 'link-button primary block'}
        to={href('courseDetail', { id: course.courseId, lessonId: course.lessonId })}
        aria-label={`${done ? '再次学习' : '继续学习'}：${course.title}`}
      >
        {done ? '再次学习' : '继续学习'}
      </Link>
    </li>
  );
}
