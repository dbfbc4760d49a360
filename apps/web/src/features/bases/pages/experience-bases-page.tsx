import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import { BaseDetailView } from '../components/base-detail.tsx';
import { BaseList } from '../components/base-list.tsx';
import { MyBookings } from '../components/my-bookings.tsx';
import '../bases.css';

const TABS = [
  { key: 'list', label: '体验基地' },
  { key: 'mine', label: '我的预约' },
] as const;

type Tab = (typeof TABS)[number]['key'];

/** `/Tiyan`: the experience bases and 我的预约; `/Tiyan?id=` opens one base. */
export function ExperienceBasesPage() {
  const [params, setParams] = useSearchParams();
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  if (params.get('id')) return <BaseDetailView />;
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'list';
  const handleTab = (next: Tab) =>
    setParams(next === 'mine' ? { tab: 'mine' } : {}, { replace: true });
  return (
    <>
      <PageHeader />
      <main className="page-body base-page">
        <TabList
          label="体验基地"
          tabs={TABS}
          value={tab}
          onChange={handleTab}
          idPrefix="bases-tab"
          panelId="bases-panel"
          look="segmented"
          inline
        />
        <div
          className="base-tab-panel"
          role="tabpanel"
          id="bases-panel"
          aria-labelledby={tabId('bases-tab', tab)}
        >
          {tab === 'mine' ? <MyBookings loggedIn={loggedIn} /> : <BaseList />}
        </div>
      </main>
    </>
  );
}
