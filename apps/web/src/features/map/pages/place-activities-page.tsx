import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PlaceItemsPage } from '../components/place-items.tsx';

/** `/mapInfoAct?id=`: the activities held at a place, latest first, each opening its page. */
export function PlaceActivitiesPage() {
  return (
    <PlaceItemsPage kind="activities" what="活动">
      {(activity) => (
        <li key={activity.id}>
          <ContentCard
            to={href('activityDetail', { id: activity.id })}
            cover={activity.cover}
            title={activity.title}
          >
            <CardLine>
              {activity.kind} · {activity.status}
            </CardLine>
            <CardLine>{activity.startAt.slice(0, 10)}</CardLine>
          </ContentCard>
        </li>
      )}
    </PlaceItemsPage>
  );
}
