import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { ActivityList } from '../components/activity-list.tsx';
import '../activities.css';

/** `/index/activity` (kept alive): the activities tab: 我的活动 and the filtered list. */
export function ActivityHomePage() {
  return (
    <main className="activity-home">
      <header className="activity-home-header">
        <h1>活动</h1>
        <Link className="activity-home-link" to={paths.myActivities}>
          我的活动 ›
        </Link>
      </header>
      <ActivityList />
    </main>
  );
}
