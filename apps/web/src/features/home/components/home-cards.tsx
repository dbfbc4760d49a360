import type { ClassSummary, CourseSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { href } from '@/platform/paths.ts';

/** A course on the home page: cover on top, the whole title, teacher and learners. */
export function CourseTile({ course }: { course: CourseSummary }) {
  return (
    <li>
      <Link className="home-course" to={href('courseDetail', { id: course.id })}>
        <img
          className="home-course-cover"
          src={course.cover}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
        />
        <span className="home-course-title">{course.title}</span>
        <span className="home-course-meta">
          {course.teacherName} · {formatCount(course.learnerCount)} 人学过
        </span>
      </Link>
    </li>
  );
}

/** A class on the home page: title, status, schedule and place, seats left. */
export function ClassTile({ klass }: { klass: ClassSummary }) {
  const tone = klass.status === '报名中' ? 'open' : klass.status === '未开始' ? 'soon' : 'closed';
  return (
    <li>
      <Link className="home-class" to={href('classDetail', { id: klass.id })}>
        <span className="home-class-head">
          <span className="home-class-title">{klass.title}</span>
          <span className={`home-class-status ${tone}`}>{klass.status}</span>
        </span>
        <span className="home-class-meta">{klass.schedule}</span>
        <span className="home-class-meta">{klass.place}</span>
        <span className="home-class-foot">
          <span>{klass.teacherName}</span>
          {klass.status === '报名中' ? (
            <span className="home-class-seats">余 {klass.seatsLeft} 个名额</span>
          ) : (
            <span>{klass.term}</span>
          )}
        </span>
      </Link>
    </li>
  );
}
