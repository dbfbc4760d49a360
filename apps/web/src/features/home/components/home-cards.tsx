import type { ActivitySummary, ClassSummary, CourseSummary, EbookSummary } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { formatDateRange } from '@/lib/format-date.ts';
import { href, paths } from '@/platform/paths.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { StatusBadge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';

type Status = ClassSummary['status'];

/** A course on the home page: cover on top, the whole title, teacher and learners. */
export function CourseTile({ course }: { course: CourseSummary }) {
  return (
    <li>
      <ContentCard
        to={href('courseDetail', { id: course.id })}
        cover={course.cover}
        coverSize={[320, 180]}
        column
        title={course.title}
        className="home-course"
        titleClassName="home-course-title"
      >
        <CardLine>
          {course.teacherName} · {formatCount(course.learnerCount)} 人学过
        </CardLine>
      </ContentCard>
    </li>
  );
}

/** A class or an activity on the home page: title and status, two lines, and a foot line. */
function StatusTile({
  to,
  title,
  status,
  lines,
  foot,
}: {
  to: string;
  title: string;
  status: Status;
  lines: readonly [ReactNode, ReactNode];
  foot: ReactNode;
}) {
  return (
    <li>
      <ContentCard
        to={to}
        cover={null}
        title={title}
        badge={<StatusBadge status={status} square />}
        className="home-class outlined"
        titleClassName="home-class-title"
      >
        <CardLine>{lines[0]}</CardLine>
        <CardLine>{lines[1]}</CardLine>
        <CardLine className="home-class-foot">{foot}</CardLine>
      </ContentCard>
    </li>
  );
}

/** A class on the home page: title, status, schedule and place, seats left. */
export function ClassTile({ klass }: { klass: ClassSummary }) {
  return (
    <StatusTile
      to={href('classDetail', { id: klass.id })}
      title={klass.title}
      status={klass.status}
      lines={[klass.schedule, klass.place]}
      foot={
        <>
          <span>{klass.teacherName}</span>
          {klass.status === '报名中' ? (
            <span className="text-alert">余 {klass.seatsLeft} 个名额</span>
          ) : (
            <span>{klass.term}</span>
          )}
        </>
      }
    />
  );
}

/** An activity on the home page: title, status, kind and time, place, seats left. */
export function ActivityTile({ activity }: { activity: ActivitySummary }) {
  return (
    <StatusTile
      to={href('activityDetail', { id: activity.id })}
      title={activity.title}
      status={activity.status}
      lines={[
        <>
          {activity.kind} · {formatDateRange(activity.startAt, activity.endAt, 'yyyy-MM-dd hh:mm')}
        </>,
        activity.place,
      ]}
      foot={
        <>
          <span>{activity.organiser}</span>
          {activity.status === '报名中' ? (
            <span className="text-alert">余 {activity.seatsLeft} 个名额</span>
          ) : null}
        </>
      }
    />
  );
}

/** An e-book on the home page: its 3:4 cover, title and author. */
export function EbookTile({ ebook }: { ebook: EbookSummary }) {
  return (
    <li>
      <ContentCard
        to={href('ebookDetail', { id: ebook.id })}
        cover={ebook.cover}
        coverSize={[150, 200]}
        book
        column
        title={ebook.title}
        className="home-book"
      >
        <CardLine>{ebook.author}</CardLine>
      </ContentCard>
    </li>
  );
}

/** The ways to the learner's own pages under a greeting: 我的学习 (the main one with `studyFirst`) and 个人中心. */
export function AccountLinks({ studyFirst = false }: { studyFirst?: boolean }) {
  return (
    <ActionRow split>
      <Link className={studyFirst ? 'link-button primary' : 'link-button'} to={paths.study}>
        我的学习
      </Link>
      <Link className="link-button" to={paths.mine}>
        个人中心
      </Link>
    </ActionRow>
  );
}
