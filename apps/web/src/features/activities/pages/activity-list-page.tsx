import { paths } from '@/platform/paths.ts';
import { HeaderLink, PageHeader } from '@/ui/page-header.tsx';
import { ActivityList } from '../components/activity-list.tsx';
import '../activities.css';

/** `/moreActivity` (kept alive): every activity, by kind and status. */
export function ActivityListPage() {
  return (
    <>
      <PageHeader right={<HeaderLink to={paths.myActivities}>我的活动</HeaderLink>} />
      <main className="activity-more">
        <ActivityList />
      </main>
    </>
  );
}
