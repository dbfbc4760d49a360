import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { BaseDetailView } from '../components/base-detail.tsx';
import { BaseList } from '../components/base-list.tsx';
import { MyBookings } from '../components/my-bookings.tsx';
import '../bases.css';

const TABS = [
  { key: 'list', label: '体验基地' },
  { key: 'mine', label: '我的预约' },
] as const;

/** `/Tiyan`: the experience bases and 我的预约; `/Tiyan?id=` opens one base. */
export function ExperienceBasesPage() {
  const [params, setParams] = useSearchParams();
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  if (params.get('id')) return <BaseDetailView />;
  const tab = params.get('tab') === 'mine' ? 'mine' : 'list';
  return (
    <>
      <PageHeader />
      <main className="page-body base-page">
        <div className="base-tabs" role="tablist" aria-label="体验基地">
          {TABS.map((item) => (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={tab === item.key}
              className={tab === item.key ? 'base-tab active' : 'base-tab'}
              onClick={() =>
                setParams(item.key === 'mine' ? { tab: 'mine' } : {}, { replace: true })
              }
            >
              {item.label}
            </button>
          ))}
        </div>
        {tab === 'mine' ? <MyBookings loggedIn={loggedIn} /> : <BaseList />}
      </main>
    </>
  );
}
