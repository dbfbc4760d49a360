import type { ActivitySummary } from '@portal/contract';
import { Link } from 'react-router';
import { KindTag, StatusBadge } from './activity-badges.tsx';
import { detailHref } from './activity-link.ts';
import { activityTimeText } from './activity-time.ts';

/** The seats line of a card: what is left while it matters, else the size. */
export function seatsText(activity: Pick<ActivitySummary, 'status' | 'capacity' | 'seatsLeft'>) {
  if (activity.status === '报名中' || activity.status === '未开始') {
    return `剩余 ${activity.seatsLeft} / ${activity.capacity} 个名额`;
  }
  if (activity.status === '已满') return `${activity.capacity} 个名额已报满`;
  return `共 ${activity.capacity} 个名额`;
}

/** An activity in a list: cover, title, kind and status, when, where and seats left. */
export function ActivityCard({ activity }: { activity: ActivitySummary }) {
  return (
    <Link className="activity-card" to={detailHref(activity)}>
      <img
        className="activity-card-cover"
        src={activity.cover}
        alt=""
        width={120}
        height={90}
        loading="lazy"
        decoding="async"
      />
      <span className="activity-card-body">
        <span className="activity-card-title">{activity.title}</span>
        <span className="activity-card-tags">
          <KindTag kind={activity.kind} />
          <StatusBadge status={activity.status} />
        </span>
        <span className="activity-card-line">
          <span className="sr-only">时间：</span>
          {activityTimeText(activity.startAt, activity.endAt)}
        </span>
        <span className="activity-card-line">
          <span className="sr-only">地点：</span>
          {activity.place}
        </span>
        <span
          className={
            activity.status === '报名中' ? 'activity-card-line seats open' : 'activity-card-line'
          }
        >
          {seatsText(activity)}
        </span>
      </span>
    </Link>
  );
}
