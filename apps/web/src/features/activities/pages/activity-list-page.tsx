import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { ActivityList } from '../components/activity-list.tsx';
import '../activities.css';

/** `/moreActivity` (kept alive): every activity, by kind and status. */
export function ActivityListPage() {
  return (
    <>
      <PageHeader
        right={
          <Link className="activity-header-link" to={paths.myActivities}>
            我的活动
          </Link>
        }
      />
      <main className="activity-more">
        <ActivityList />
      </main>
    </>
  );
}
