import type { ActivitySummary } from '@portal/contract';
import { StatusBadge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { KindTag } from './activity-badges.tsx';
import { detailHref } from './activity-link.ts';
import { activityTimeText } from './activity-time.ts';

/** The seats line of a card: what is left while it matters (a full one takes 候补), else the size. */
export function seatsText(activity: Pick<ActivitySummary, 'status' | 'capacity' | 'seatsLeft'>) {
  if (activity.status === '报名中' || activity.status === '未开始') {
    return `剩余 ${activity.seatsLeft} / ${activity.capacity} 个名额`;
  }
  if (activity.status === '已满') return `${activity.capacity} 个名额已报满，可候补`;
  return `共 ${activity.capacity} 个名额`;
}

/** An activity in a list: cover, title, kind and status, when, where and seats left. */
export function ActivityCard({ activity }: { activity: ActivitySummary }) {
  return (
    <ContentCard
      to={detailHref(activity)}
      cover={activity.cover}
      coverSize={[120, 90]}
      title={activity.title}
      className="activity-card boxed"
      titleClassName="activity-card-title"
    >
      <span className="content-card-tags">
        <KindTag kind={activity.kind} />
        <StatusBadge status={activity.status} />
      </span>
      <CardLine>
        <span className="sr-only">时间：</span>
        {activityTimeText(activity.startAt, activity.endAt)}
      </CardLine>
      <CardLine>
        <span className="sr-only">地点：</span>
        {activity.place}
      </CardLine>
      <CardLine>
        <span className={activity.status === '报名中' ? 'text-ok' : undefined}>
          {seatsText(activity)}
        </span>
      </CardLine>
    </ContentCard>
  );
}
