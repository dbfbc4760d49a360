import type { AdminPlaceRow } from '@portal/contract';
import {
  PLACE_CATEGORIES,
  PLACE_CATEGORY_NAMES,
  type PlaceCategory,
} from '@portal/contract/constants';
import { Select, type TableColumnsType, Tag } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { placesApi } from './places-api.ts';

const columns: TableColumnsType<AdminPlaceRow> = [
  {
    title: '场所名称',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/places/edit?id=${row.id}`}>{title}</Link>,
  },
  {
    title: '类型',
    dataIndex: 'kind',
    width: 150,
    render: (kind: string, row) => `${PLACE_CATEGORY_NAMES[row.category]} · ${kind}`,
  },
  { title: '街道', dataIndex: 'street', width: 130, render: (street: string) => street || '—' },
  {
    title: '地址',
    dataIndex: 'address',
    minWidth: 200,
    render: (address: string) => address || '—',
  },
  {
    title: '位置',
    dataIndex: 'located',
    width: 90,
    // Dark shades with white text: 4.5:1 at least (as the status tags).
    render: (located: boolean) =>
      located ? <Tag color="#237804">已定位</Tag> : <Tag color="#ad2102">未定位</Tag>,
  },
  ...reviewColumns<AdminPlaceRow>(),
];

/** The place kind's own filter: its category. */
function PlaceFilters({
  filters,
}: {
  filters: Parameters<NonNullable<ListKind<AdminPlaceRow>['filters']>>[0];
}) {
  return (
    <Select
      aria-label="场所类别"
      placeholder="全部类别"
      allowClear
      value={(filters.text('category') as PlaceCategory | undefined) || undefined}
      onChange={(value) => filters.setFilter({ category: value || undefined })}
      style={{ width: 130 }}
      options={PLACE_CATEGORIES.map((category) => ({
        value: category,
        label: PLACE_CATEGORY_NAMES[category],
      }))}
    />
  );
}

const PLACES: ListKind<AdminPlaceRow> = {
  name: '地图场所',
  unit: '个',
  listPath: '/places',
  api: placesApi,
  columns,
  filters: (filters) => <PlaceFilters filters={filters} />,
  query: ({ text }) => ({ category: text('category') || undefined }),
};

/** The places of the site's learning map (地图场所管理): points, schools, bases and walk stops. */
export function PlaceListPage() {
  return <ReviewListPage kind={PLACES} />;
}
