import type { AdminDeliveryRow } from '@portal/contract';
import {
  DELIVERY_KIND_LABELS,
  DELIVERY_KINDS,
  type DeliveryKind,
} from '@portal/contract/constants';
import { Select, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { deliveryApi } from './delivery-api.ts';

const columns: TableColumnsType<AdminDeliveryRow> = [
  {
    title: '资源名称',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/delivery/edit?id=${row.id}`}>{title}</Link>,
  },
  {
    title: '类型',
    dataIndex: 'kind',
    width: 100,
    render: (kind: DeliveryKind) => DELIVERY_KIND_LABELS[kind],
  },
  {
    title: '适合人数',
    dataIndex: 'audienceMin',
    width: 120,
    render: (min: number, row) => `${min}–${row.audienceMax} 人`,
  },
  {
    title: '提前预约',
    dataIndex: 'leadDays',
    width: 100,
    render: (days: number) => `${days} 天`,
  },
  ...reviewColumns<AdminDeliveryRow>(),
];

/** The delivery kind's own filter: the resource's type. */
function DeliveryFilters({
  filters,
}: {
  filters: Parameters<NonNullable<ListKind<AdminDeliveryRow>['filters']>>[0];
}) {
  return (
    <Select
      aria-label="资源类型"
      placeholder="全部类型"
      allowClear
      value={filters.text('kind') || undefined}
      onChange={(value) => filters.setFilter({ kind: value || undefined })}
      style={{ width: 130 }}
      options={DELIVERY_KINDS.map((kind) => ({ value: kind, label: DELIVERY_KIND_LABELS[kind] }))}
    />
  );
}

const DELIVERY: ListKind<AdminDeliveryRow> = {
  name: '配送资源',
  unit: '项',
  listPath: '/delivery',
  api: deliveryApi,
  columns,
  filters: (filters) => <DeliveryFilters filters={filters} />,
  query: ({ text }) => ({ kind: text('kind') || undefined }),
};

/** The site's delivery catalogue (配送资源管理): lecturers, courses, kits and exhibitions. */
export function DeliveryListPage() {
  return <ReviewListPage kind={DELIVERY} />;
}
