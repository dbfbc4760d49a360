import type { DeliveryKind, DeliveryStatus } from '@portal/contract';
import { DELIVERY_KIND_LABELS, DELIVERY_KINDS } from '@portal/contract/constants';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import {
  useDeliveryResources,
  useDeliveryRole,
  useMyDeliveryRequests,
  useStaffRequests,
} from '../api/delivery.ts';
import { RequestItem, ResourceItem } from '../components/delivery-bits.tsx';
import '../delivery.css';
import '@/ui/chips.css';

type Tab = 'catalogue' | 'mine' | 'staff';

/** The statuses staff work through, in order. */
const STAFF_STATUSES: ReadonlyArray<[DeliveryStatus, string]> = [
  ['submitted', '待受理'],
  ['accepted', '待排期'],
  ['scheduled', '待完成'],
];

function Catalogue({
  kind,
  setKind,
}: {
  kind: DeliveryKind | null;
  setKind: (kind: DeliveryKind | null) => void;
}) {
  const list = useDeliveryResources(kind);
  return (
    <>
      <fieldset className="chip-row delivery-chips">
        <legend className="sr-only">资源类型</legend>
        {[null, ...DELIVERY_KINDS].map((each) => (
          <button
            key={each ?? 'all'}
            type="button"
            className={each === kind ? 'chip active' : 'chip'}
            aria-pressed={each === kind}
            onClick={() => setKind(each)}
          >
            {each ? DELIVERY_KIND_LABELS[each] : '全部'}
          </button>
        ))}
      </fieldset>
      <PagedList
        query={list}
        className="delivery-list"
        empty={<StateView kind="empty" title="暂无可配送的资源" description="换个类型看看。" />}
      >
        {(resource, index) => (
          <ResourceItem key={resource.id} resource={resource} priority={index < 3} />
        )}
      </PagedList>
    </>
  );
}

function MyRequests() {
  const list = useMyDeliveryRequests(true);
  return (
    <PagedList
      query={list}
      className="delivery-list"
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
    <>
      <fieldset className="chip-row delivery-chips">
        <legend className="sr-only">申请状态</legend>
        {STAFF_STATUSES.map(([each, label]) => (
          <button
            key={each}
            type="button"
            className={each === status ? 'chip active' : 'chip'}
            aria-pressed={each === status}
            onClick={() => setStatus(each)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <PagedList
        query={list}
        className="delivery-list"
        empty={<StateView kind="empty" title="没有需要处理的申请" />}
      >
        {(request) => <RequestItem key={request.id} request={request} />}
      </PagedList>
    </>
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
      <main className="page-body delivery-page">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="delivery-tabs">
          <Tabs.Tab key="catalogue" title="资源目录" />
          <Tabs.Tab key="mine" title="我的申请" />
          {staff ? <Tabs.Tab key="staff" title="待处理" /> : null}
        </Tabs>
        {tab === 'catalogue' ? <Catalogue kind={kind} setKind={setKind} /> : null}
        {tab === 'mine' ? <MyRequests /> : null}
        {tab === 'staff' && staff ? <StaffQueue status={status} setStatus={setStatus} /> : null}
      </main>
    </>
  );
}
