import type { ActivitySummary, ClassSummary, CourseSummary, EbookSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { formatDateRange } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';

type Status = ClassSummary['status'];

/** The colour of a status tag: open for signup, opening soon, or closed to signups. */
const toneOf = (status: Status) =>
  status === '报名中' ? 'open' : status === '未开始' ? 'soon' : 'closed';

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
  const tone = toneOf(klass.status);
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

/** An activity on the home page: title, status, kind and time, place, seats left. */
export function ActivityTile({ activity }: { activity: ActivitySummary }) {
  return (
    <li>
      <Link className="home-class" to={href('activityDetail', { id: activity.id })}>
        <span className="home-class-head">
          <span className="home-class-title">{activity.title}</span>
          <span className={`home-class-status ${toneOf(activity.status)}`}>{activity.status}</span>
        </span>
        <span className="home-class-meta">
          {activity.kind} · {formatDateRange(activity.startAt, activity.endAt, 'yyyy-MM-dd hh:mm')}
        </span>
        <span className="home-class-meta">{activity.place}</span>
        <span className="home-class-foot">
          <span>{activity.organiser}</span>
          {activity.status === '报名中' ? (
            <span className="home-class-seats">余 {activity.seatsLeft} 个名额</span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** An e-book on the home page: its 3:4 cover, title and author. */
export function EbookTile({ ebook }: { ebook: EbookSummary }) {
  return (
    <li>
      <Link className="home-book" to={href('ebookDetail', { id: ebook.id })}>
        <img
          className="home-book-cover"
          src={ebook.cover}
          alt=""
          width={150}
          height={200}
          loading="lazy"
          decoding="async"
        />
        <span className="home-book-title">{ebook.title}</span>
        <span className="home-class-meta">{ebook.author}</span>
      </Link>
    </li>
  );
}
