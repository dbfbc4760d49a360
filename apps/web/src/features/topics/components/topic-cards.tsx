import type { ActivitySummary, CourseSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatDateRange } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';

/** A course of a topic: cover, title, teacher and lessons (links to the course). */
export function TopicCourseCard({ course }: { course: CourseSummary }) {
  return (
    <Link className="topic-item" to={href('courseDetail', { id: course.id })}>
      <img
        className="topic-item-cover"
        src={course.cover}
        alt=""
        width={128}
        height={80}
        loading="lazy"
        decoding="async"
      />
      <span className="topic-item-body">
        <span className="topic-item-title">{course.title}</span>
        <span className="topic-item-meta">
          {course.teacherName} · {course.lessonCount} 课时
        </span>
      </span>
    </Link>
  );
}

/** The page an activity opens at: special activities (特色活动) have their own. */
function activityHref(activity: ActivitySummary): string {
  return activity.kind === '特色活动'
    ? href('extensionDetail', { id: activity.id })
    : href('activityDetail', { id: activity.id });
}

/** An activity of a topic: cover, title, kind and status, dates and place. */
export function TopicActivityCard({ activity }: { activity: ActivitySummary }) {
  const open = activity.status === '报名中';
  return (
    <Link className="topic-item" to={activityHref(activity)}>
      <img
        className="topic-item-cover"
        src={activity.cover}
        alt=""
        width={128}
        height={80}
        loading="lazy"
        decoding="async"
      />
      <span className="topic-item-body">
        <span className="topic-item-title">{activity.title}</span>
        <span className="topic-item-tags">
          <span className="topic-tag">{activity.kind}</span>
          <span className={open ? 'topic-tag open' : 'topic-tag quiet'}>{activity.status}</span>
        </span>
        <span className="topic-item-meta">
          {formatDateRange(activity.startAt, activity.endAt, 'yyyy.MM.dd')} · {activity.place}
        </span>
      </span>
    </Link>
  );
}
