import { ActivityDetailView } from '../components/activity-detail-view.tsx';
import '../activities.css';

/**
 * `/extensionDetails?id=` (public): a special activity (特色活动), with what its signup asks to
 * upload; a visitor is asked to log in before signing up.
 */
export function ExtensionDetailPage() {
  return <ActivityDetailView special />;
}
