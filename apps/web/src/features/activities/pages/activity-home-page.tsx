import { paths } from '@/platform/paths.ts';
import { HeaderLink, TabHeader } from '@/ui/page-header.tsx';
import { ActivityList } from '../components/activity-list.tsx';
import '../activities.css';

/** `/index/activity` (kept alive): the activities tab: 我的活动 and the filtered list. */
export function ActivityHomePage() {
  return (
    <main className="activity-home">
      <TabHeader title="活动" link={<HeaderLink to={paths.myActivities}>我的活动 ›</HeaderLink>} />
      <ActivityList />
    </main>
  );
}
