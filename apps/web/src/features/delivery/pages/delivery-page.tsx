import type { DeliveryKind, DeliveryStatus } from '@portal/contract';
import { DELIVERY_KIND_LABELS, DELIVERY_KINDS } from '@portal/contract/constants';
import { type ReactNode, useState } from 'react';
import { FilterBar, FilterChips } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import {
  useDeliveryResources,
  useDeliveryRole,
  useMyDeliveryRequests,
  useStaffRequests,
} from '../api/delivery.ts';
import { RequestItem, ResourceItem } from '../components/delivery-bits.tsx';
import '../delivery.css';

type Tab = 'catalogue' | 'mine' | 'staff';

const TAB_PREFIX = 'delivery-tab';
const PANEL_ID = 'delivery-panel';

const TABS: ReadonlyArray<{ key: Tab; label: string }> = [
  { key: 'catalogue', label: '资源目录' },
  { key: 'mine', label: '我的申请' },
  { key: 'staff', label: '待处理' },
];

const KIND_OPTIONS = [
  { value: null, label: '全部' },
  ...DELIVERY_KINDS.map((kind) => ({ value: kind, label: DELIVERY_KIND_LABELS[kind] })),
];

/** The statuses staff work through, in order. */
const STAFF_OPTIONS: ReadonlyArray<{ value: DeliveryStatus; label: string }> = [
  { value: 'submitted', label: '待受理' },
  { value: 'accepted', label: '待排期' },
  { value: 'scheduled', label: '待完成' },
];

/**
 * A tab's panel: its list, under the tab's filters when it has some. The panel ends where the
 * list does (the page's bottom space is outside it).
 */
function TabBody({
  tab,
  filters,
  children,
}: {
  tab: Tab;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {filters ? <FilterBar>{filters}</FilterBar> : null}
      <div className="page-body">
        <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(TAB_PREFIX, tab)}>
          {children}
        </div>
      </div>
    </>
  );
}

function Catalogue({
  kind,
  setKind,
}: {
  kind: DeliveryKind | null;
  setKind: (kind: DeliveryKind | null) => void;
}) {
  const list = useDeliveryResources(kind);
  return (
    <TabBody
      tab="catalogue"
      filters={
        <FilterChips legend="资源类型" options={KIND_OPTIONS} value={kind} onChange={setKind} />
      }
    >
      <PagedList
        query={list}
        className="card-list delivery-list"
        empty={<StateView kind="empty" title="暂无可配送的资源" description="换个类型看看。" />}
      >
        {(resource, index) => (
          <ResourceItem key={resource.id} resource={resource} priority={index < 3} />
        )}
      </PagedList>
    </TabBody>
  );
}

function MyRequests() {
  const list = useMyDeliveryRequests(true);
  return (
    <TabBody tab="mine">
      <PagedList
        query={list}
        className="card-list delivery-list"
        empty={
          <StateView
            kind="empty"
            title="还没有配送申请"
            description="在资源目录中选择讲师、课程、套件或展览，申请送到您的社区。"
          />
        }
      >
        {(request) => <RequestItem key={request.id} request={request} />}
      </PagedList>
    </TabBody>
  );
}

function StaffQueue({
  status,
  setStatus,
}: {
  status: DeliveryStatus;
  setStatus: (status: DeliveryStatus) => void;
}) {
  const list = useStaffRequests(status, true);
  return (
    <TabBody
      tab="staff"
      filters={
        <FilterChips
          legend="申请状态"
          options={STAFF_OPTIONS}
          value={status}
          onChange={setStatus}
        />
      }
    >
      <PagedList
        query={list}
        className="card-list delivery-list"
        empty={<StateView kind="empty" title="没有需要处理的申请" />}
      >
        {(request) => <RequestItem key={request.id} request={request} />}
      </PagedList>
    </TabBody>
  );
}

/**
 * `/index/zyps` (资源配送, kept alive): the catalogue of deliverable resources by kind, my
 * requests, and for the delivery staff the requests to handle (待处理). The tab, the filters and
 * the loaded pages survive a visit to a resource or a request.
 */
export function DeliveryPage() {
  const [tab, setTab] = useState<Tab>('catalogue');
  // Kept here so that switching tabs keeps each tab's filter.
  const [kind, setKind] = useState<DeliveryKind | null>(null);
  const [status, setStatus] = useState<DeliveryStatus>('submitted');
  const role = useDeliveryRole();
  const staff = role.data?.staff === true;
  return (
    <>
      <PageHeader />
      <TabList
        label="资源配送"
        tabs={staff ? TABS : TABS.filter((each) => each.key !== 'staff')}
        value={tab}
        onChange={setTab}
        idPrefix={TAB_PREFIX}
        panelId={PANEL_ID}
        underHeader
      />
      <main>
        {tab === 'catalogue' ? <Catalogue kind={kind} setKind={setKind} /> : null}
        {tab === 'mine' ? <MyRequests /> : null}
        {tab === 'staff' && staff ? <StaffQueue status={status} setStatus={setStatus} /> : null}
      </main>
    </>
  );
}
