import type { ActivitySummary, CourseSummary } from '@portal/contract';
import { formatDateRange } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { Badge, StatusBadge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';

/** A course of a topic: cover, title, teacher and lessons (links to the course). */
export function TopicCourseCard({ course }: { course: CourseSummary }) {
  return (
    <ContentCard
      to={href('courseDetail', { id: course.id })}
      cover={course.cover}
      title={course.title}
      className="topic-item clamp"
    >
      <CardLine>
        {course.teacherName} · {course.lessonCount} 课时
      </CardLine>
    </ContentCard>
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
  return (
    <ContentCard
      to={activityHref(activity)}
      cover={activity.cover}
      title={activity.title}
      className="topic-item clamp"
    >
      <span className="badge-row">
        <Badge square quiet>
          {activity.kind}
        </Badge>
        <StatusBadge status={activity.status} square />
      </span>
      <CardLine>
        {formatDateRange(activity.startAt, activity.endAt, 'yyyy.MM.dd')} · {activity.place}
      </CardLine>
    </ContentCard>
  );
}
