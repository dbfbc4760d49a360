import { ActivityDetailView } from '../components/activity-detail-view.tsx';
import '../activities.css';

/** `/activityDetails?id=`: an activity's facts, introduction and the way to apply. */
export function ActivityDetailPage() {
  return <ActivityDetailView special={false} />;
}
