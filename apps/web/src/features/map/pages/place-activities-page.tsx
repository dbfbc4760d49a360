import { href } from '@/platform/paths.ts';
import { PlaceItemCard, PlaceItemsPage } from '../components/place-items.tsx';

/** `/mapInfoAct?id=`: the activities held at a place, latest first, each opening its page. */
export function PlaceActivitiesPage() {
  return (
    <PlaceItemsPage kind="activities" what="活动">
      {(activity) => (
        <PlaceItemCard
          key={activity.id}
          to={href('activityDetail', { id: activity.id })}
          item={activity}
          lines={[`${activity.kind} · ${activity.status}`, activity.startAt.slice(0, 10)]}
        />
      )}
    </PlaceItemsPage>
  );
}
